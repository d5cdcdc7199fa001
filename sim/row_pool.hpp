#pragma once
// Splits a loop over grid rows between threads for the CPU solver. Every row is computed by exactly one
// thread from inputs no other thread writes during the loop, and reductions (largest speed, ledger
// sums) are kept per worker and combined in worker order after it, with operations whose result does
// not depend on the order (max, integer sums): any thread count gives the same bits as one thread.
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace sluice::sim {

class RowPool {
public:
    /// `threads` workers in all, the calling thread included (at least 1). A loop over fewer than
    /// `minCellsPerWorker` cells per worker uses fewer workers (threads cost more than they save).
    explicit RowPool(int threads, long long minCellsPerWorker = kMinCellsPerWorker);
    ~RowPool();
    RowPool(const RowPool&) = delete;
    RowPool& operator=(const RowPool&) = delete;

    int threads() const { return int(workers_.size()) + 1; }
    /// Calls fn(begin, end, worker) for contiguous row ranges covering [0, rows), one per worker
    /// (worker 0 on the calling thread), and returns when all are done.
    void run(int rows, long long cellsPerRow, const std::function<void(int, int, int)>& fn);

    /// Threads the machine offers: SLUICE_CPU_THREADS when set (1..256), else the hardware's count.
    static int defaultThreads();
    static constexpr long long kMinCellsPerWorker = 16384;

private:
    void loop(int index);
    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable wake_, done_;
    const std::function<void(int, int, int)>* job_ = nullptr;
    long long minCellsPerWorker_;
    int rows_ = 0, active_ = 0, pending_ = 0;
    unsigned long long generation_ = 0;
    bool stop_ = false;
};

}  // namespace sluice::sim
