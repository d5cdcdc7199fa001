#!/usr/bin/env node
// Validates .glb/.gltf files with the Khronos glTF-Validator (npm gltf-validator, installed into
// tests/tools/node_modules by scripts/setup.sh). Prints the report summary per file and exits 1 when
// any file has an error (warnings and infos are printed, not fatal), 2 on usage or a missing module.
'use strict';
const fs = require('fs');
const path = require('path');

let validator;
try {
  validator = require(path.join(__dirname, 'node_modules', 'gltf-validator'));
} catch (e) {
  console.error('gltf-validator is not installed: run npm install in ' + __dirname);
  process.exit(2);
}

async function validate(file) {
  const bytes = new Uint8Array(fs.readFileSync(file));
  const report = await validator.validateBytes(bytes, {
    uri: path.basename(file),
    maxIssues: 100,
    // A .glb carries its buffer; anything external is an error for our exports.
    externalResourceFunction: (uri) => Promise.reject(new Error('external resource ' + uri)),
  });
  const n = report.issues;
  console.log(`${file}: ${n.numErrors} errors, ${n.numWarnings} warnings, ${n.numInfos} infos; ` +
              `${report.info ? report.info.totalVertexCount : '?'} vertices, ${report.info ? report.info.totalTriangleCount : '?'} triangles`);
  for (const m of n.messages) console.log(`  [${['error', 'warning', 'info', 'hint'][m.severity]}] ${m.code} ${m.pointer || ''}: ${m.message}`);
  return n.numErrors;
}

(async () => {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    console.error('usage: validate_gltf.js FILE.glb...');
    process.exit(2);
  }
  let errors = 0;
  for (const f of files) {
    try {
      errors += await validate(f);
    } catch (e) {
      console.log(`${f}: cannot validate: ${e.message}`);
      errors += 1;
    }
  }
  process.exit(errors > 0 ? 1 : 0);
})();
