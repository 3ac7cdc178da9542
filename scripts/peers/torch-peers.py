#!/usr/bin/env python3
"""torch-peers.py: PyTorch's (cuBLAS's, CUB's) figures for the operations of the fast exercises,
on the first CUDA GPU, for scripts/device-bench: a copy, torch.sum, torch.cumsum, torch.bincount
with 256 bins, a transpose and a matrix multiply in FP32 with TF32 off. Each: two warm-up runs,
then the median of seven timed by CUDA events. Sizes as clings' bench on a large GPU: 256 MB of
input (64 Mi int32), a 8192 x 8192 float transpose, 4096^3 for the multiply. Prints one line each:
  NAME SECONDS RATE UNIT (GB/s counts bytes read plus written, as clings' contract does)."""
import torch

RUNS, WARMUP = 7, 2
torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False


def timed(fn):
    for _ in range(WARMUP):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(RUNS):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end) / 1e3)
    return sorted(times)[RUNS // 2]


def main():
    dev = torch.device("cuda")
    n = (256 << 20) // 4
    x = torch.randint(-1000, 1000, (n,), dtype=torch.int32, device=dev)
    y = torch.empty_like(x)
    s = timed(lambda: y.copy_(x))
    print(f"torch_copy {s:.6f} {8 * n / s / 1e9:.1f} GB/s")
    s = timed(lambda: torch.sum(x))
    print(f"torch_sum {s:.6f} {4 * n / s / 1e9:.1f} GB/s")
    s = timed(lambda: torch.cumsum(x, 0, dtype=torch.int32))
    print(f"torch_cumsum {s:.6f} {8 * n / s / 1e9:.1f} GB/s")
    v = torch.randint(0, 256, (n,), dtype=torch.int32, device=dev)
    s = timed(lambda: torch.bincount(v, minlength=256))
    print(f"torch_bincount {s:.6f} {4 * n / s / 1e9:.1f} GB/s")
    m = torch.rand(8192, 8192, device=dev)
    s = timed(lambda: m.t().contiguous())
    print(f"torch_transpose {s:.6f} {2 * 4 * 8192 * 8192 / s / 1e9:.1f} GB/s")
    a = torch.rand(4096, 4096, device=dev)
    b = torch.rand(4096, 4096, device=dev)
    s = timed(lambda: a @ b)
    print(f"torch_matmul_fp32 {s:.6f} {2 * 4096 ** 3 / s / 1e9:.1f} GFLOP/s")
    print(f"torch_device {torch.cuda.get_device_name(0)} torch {torch.__version__}")


if __name__ == "__main__":
    main()
