#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""vLLM's multiprocess executor's shared-memory message queues, made as its shm_broadcast.py
makes them (ShmRingBuffer: one multiprocessing.shared_memory segment of
(max_chunk_bytes + 1 + n_reader) * max_chunks bytes each) and then filled chunk by chunk, as a
run of large messages (images, grammar bitmasks) fills them: the executor's broadcast queue to
its TP x PP workers, one response queue per worker, one broadcaster per tensor-parallel group.
Arguments: --tp N, --pp N, --chunk-mib N (VLLM_MQ_MAX_CHUNK_BYTES_MB, 16), --response-mib N
(24 from vLLM 0.11.1, 10 before). Prints the bytes it made; dies of SIGBUS in a /dev/shm too
small, as vLLM does."""

import argparse
import time
from multiprocessing import shared_memory

MIB = 1 << 20


def ring(chunk_bytes, n_reader, max_chunks):
    size = (chunk_bytes + 1 + n_reader) * max_chunks
    shm = shared_memory.SharedMemory(create=True, size=size)
    # The metadata (a flag byte per reader and chunk, after the chunks) is zeroed at once; each
    # chunk's pages come as a message is written into it.
    meta = chunk_bytes * max_chunks
    shm.buf[meta:size] = bytes(size - meta)
    for c in range(max_chunks):
        shm.buf[c * chunk_bytes:(c + 1) * chunk_bytes] = b"\x01" * chunk_bytes
    return shm, size


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tp", type=int, default=2)
    parser.add_argument("--pp", type=int, default=1)
    parser.add_argument("--chunk-mib", type=int, default=16)
    parser.add_argument("--response-mib", type=int, default=24)
    args = parser.parse_args()
    world = args.tp * args.pp
    rings = [ring(args.chunk_mib * MIB, world, 10)]  # rpc_broadcast_mq
    rings += [ring(args.response_mib * MIB, 1, 10) for _ in range(world)]  # worker_response_mq
    if args.tp > 1:  # the TP group's mq_broadcaster, create_from_process_group(.., 1 << 22, 6)
        rings += [ring(1 << 22, args.tp - 1, 6) for _ in range(args.pp)]
    print("made", sum(size for _, size in rings), "bytes in", len(rings), "rings", flush=True)
    time.sleep(1.0)
    for shm, _ in rings:
        shm.close()
        shm.unlink()


if __name__ == "__main__":
    main()
