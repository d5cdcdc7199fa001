#include "sim/row_pool.hpp"

#include <algorithm>
#include <cstdlib>

#include "sim/measure_env.hpp"

namespace sluice::sim {

namespace {

/// Rows [begin, end) of worker `w` of `n` over `rows` rows: contiguous, sizes differing by at most one.
void share(int rows, int n, int w, int& begin, int& end) {
    const int base = rows / n, extra = rows % n;
    begin = w * base + std::min(w, extra);
    end = begin + base + (w < extra ? 1 : 0);
}

}  // namespace

RowPool::RowPool(int threads, long long minCellsPerWorker) : minCellsPerWorker_(std::max(1LL, minCellsPerWorker)) {
    for (int i = 1; i < std::max(1, threads); ++i) workers_.emplace_back([this, i] { loop(i); });
}

RowPool::~RowPool() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : workers_) t.join();
}

int RowPool::defaultThreads() {
    if (const char* env = std::getenv("SLUICE_CPU_THREADS")) {
        char* end = nullptr;
        const long n = std::strtol(env, &end, 10);
        if (end != env && *end == '\0' && n >= 1 && n <= 256) return int(n);
        warnIgnoredEnv("SLUICE_CPU_THREADS", env, "a whole number from 1 to 256");
    }
    return std::clamp(int(std::thread::hardware_concurrency()), 1, 256);
}

void RowPool::run(int rows, long long cellsPerRow, const std::function<void(int, int, int)>& fn) {
    const long long cells = (long long)rows * std::max(1LL, cellsPerRow);
    const int n = int(std::clamp<long long>(cells / minCellsPerWorker_, 1, std::min(threads(), std::max(rows, 1))));
    if (n <= 1) {
        fn(0, rows, 0);
        return;
    }
    {
        std::lock_guard<std::mutex> lock(mutex_);
        job_ = &fn;
        rows_ = rows;
        active_ = n;
        pending_ = n - 1;
        ++generation_;
    }
    wake_.notify_all();
    int begin = 0, end = 0;
    share(rows, n, 0, begin, end);
    fn(begin, end, 0);
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return pending_ == 0; });
    job_ = nullptr;
}

void RowPool::loop(int index) {
    unsigned long long seen = 0;
    for (;;) {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
        if (stop_) return;
        seen = generation_;
        if (index >= active_) continue;  // not needed for this loop
        const std::function<void(int, int, int)>* job = job_;
        int begin = 0, end = 0;
        share(rows_, active_, index, begin, end);
        lock.unlock();
        (*job)(begin, end, index);
        lock.lock();
        if (--pending_ == 0) done_.notify_one();
    }
}

}  // namespace sluice::sim
