# SPDX-License-Identifier: GPL-3.0-or-later
# ShmWise's measuring hook (`shmwise measure -- COMMAND`).
#
# Python imports this file at start-up because `shmwise measure` puts its folder first on
# PYTHONPATH. It does nothing unless SHMWISE_MEASURE_OUT names a file. Then it watches for
# torch.utils.data.dataloader to be imported and wraps four methods of it: DataLoader.__init__
# (where the loader was made, and its settings) and the iterator's __init__, _reset and __next__
# (which loaders run at the same time, and what each batch the main process receives is made
# of). It writes one JSON object per line to that file and nothing to the job's stdout or
# stderr; it keeps no reference to a batch, only numbers. If anything in it fails it writes
# one "error" line and switches itself off; the job goes on as if it were not there.
#
# Last, it runs the sitecustomize this one shadows (the next one on sys.path, such as Debian's
# /etc/python3.X/sitecustomize.py), so the job starts as it would without ShmWise.

import os as _os
import sys as _sys


def _install():
    import importlib.abc
    import importlib.util
    import json
    import threading
    import time
    import weakref

    out_path = _os.environ.get("SHMWISE_MEASURE_OUT")
    if not out_path:
        return
    state = {"off": False, "fd": None, "fd_pid": None, "loaders": 0, "iters": 0}
    lock = threading.Lock()
    t0 = time.monotonic()
    PAGE = 4096
    DEFAULT_COLLATE = "torch.utils.data._utils.collate.default_collate"
    MAX_LEAVES = 4096
    MAX_KEYS = 64

    def write_raw(text):
        try:
            if state["fd_pid"] != _os.getpid():
                # At start, or after a fork: a descriptor of this process's own.
                state["fd"] = _os.open(out_path, _os.O_WRONLY | _os.O_APPEND | _os.O_CLOEXEC)
                state["fd_pid"] = _os.getpid()
            data = text.encode()
            while data:
                n = _os.write(state["fd"], data)
                data = data[n:]
        except Exception:
            state["off"] = True

    def emit(obj):
        try:
            obj["pid"] = _os.getpid()
            obj["time"] = round(time.monotonic() - t0, 4)
            write_raw(json.dumps(obj, separators=(",", ":"), default=str) + "\n")
        except Exception:
            state["off"] = True

    def fail(where, exc):
        if not state["off"]:
            state["off"] = True
            emit({"t": "error", "where": where, "error": "%s: %s" % (type(exc).__name__, exc)})

    FRAMEWORKS = {
        "transformers": "transformers", "accelerate": "accelerate", "lightning": "lightning",
        "pytorch_lightning": "lightning", "lightning_fabric": "lightning",
        "ultralytics": "ultralytics", "mmengine": "mmengine", "mmdet": "mmengine",
        "mmseg": "mmengine", "mmpretrain": "mmengine", "mmcv": "mmengine",
        "detectron2": "detectron2", "timm": "timm", "fairseq": "fairseq",
        "torchvision": None, "torch": None, "datasets": None,
    }
    import sysconfig

    stdlib = set()
    for key in ("stdlib", "platstdlib"):
        p = sysconfig.get_paths().get(key)
        if p:
            stdlib.add(_os.path.realpath(p) + _os.sep)
    here = _os.path.dirname(_os.path.abspath(__file__))

    def where_made():
        """The first frame of the job's own code, and the framework that made the loader."""
        f = _sys._getframe(2)
        framework, framework_frame, user = None, None, None
        depth = 0
        while f is not None and depth < 64:
            depth += 1
            mod = f.f_globals.get("__name__") or ""
            top = mod.split(".", 1)[0]
            fn = f.f_code.co_filename
            if top in FRAMEWORKS:
                if FRAMEWORKS[top] and framework is None:
                    framework = FRAMEWORKS[top]
                    framework_frame = "%s:%d" % (fn, f.f_lineno)
            elif not fn.startswith(here) and not fn.startswith("<") and not any(
                    _os.path.realpath(fn).startswith(s) for s in stdlib) and (
                    "site-packages" not in fn and "dist-packages" not in fn):
                user = (fn, f.f_lineno, f.f_code.co_name)
                break
            f = f.f_back
        return framework, framework_frame, user

    def start_method(loader):
        ctx = getattr(loader, "multiprocessing_context", None)
        if ctx is not None:
            name = ctx.get_start_method() if hasattr(ctx, "get_start_method") else str(ctx)
            return name
        import multiprocessing.context as mc
        d = mc._default_context  # read without fixing the start method
        c = getattr(d, "_actual_context", None) or getattr(d, "_default_context", None)
        return getattr(c, "_name", None)

    def qualname(obj):
        if obj is None:
            return None
        t = obj if isinstance(obj, type) or callable(obj) and hasattr(obj, "__qualname__") \
            else type(obj)
        return "%s.%s" % (getattr(t, "__module__", "?"), getattr(t, "__qualname__", repr(t)))

    def storage_of(torch, t):
        st = t.untyped_storage() if hasattr(t, "untyped_storage") else t.storage()
        nbytes = st.nbytes() if hasattr(st, "nbytes") else st.size() * t.element_size()
        return st.data_ptr(), nbytes

    def resident_bytes(torch, ds):
        """Bytes of the tensors the Dataset object holds (a few levels of attributes)."""
        seen, total, stack, steps = set(), 0, [(ds, 0)], 0
        while stack and steps < 10000:
            obj, depth = stack.pop()
            steps += 1
            if torch.is_tensor(obj):
                ptr, nbytes = storage_of(torch, obj)
                if ptr not in seen:
                    seen.add(ptr)
                    total += nbytes
                continue
            if depth >= 3:
                continue
            if isinstance(obj, dict):
                items = list(obj.values())[:1000]
            elif isinstance(obj, (list, tuple)):
                items = list(obj)[:1000]
            elif hasattr(obj, "__dict__") and not isinstance(obj, type):
                items = list(vars(obj).values())[:1000]
            else:
                continue
            stack.extend((v, depth + 1) for v in items)
        return total

    def patch(mod):
        import torch
        import torch.multiprocessing as tmp

        import functools

        DataLoader = mod.DataLoader
        Base = mod._BaseDataLoaderIter
        records = weakref.WeakKeyDictionary()  # loader -> its record
        state["records"] = records
        live = {}  # id(iterator) -> [loader id, exhausted]
        # The last loader made at each place with the same settings: a loader made again there
        # (one per request of a service, one per epoch) is that loader, not one more.
        sites = {}
        emit({"t": "torch", "version": torch.__version__, "argv": list(_sys.argv[:8])})

        orig_init = DataLoader.__init__

        @functools.wraps(orig_init)
        def dl_init(self, *args, **kwargs):
            orig_init(self, *args, **kwargs)
            if state["off"] or self in records:
                return
            try:
                framework, framework_frame, user = where_made()
                with lock:
                    state["loaders"] += 1
                    lid = state["loaders"]
                collate = qualname(self.collate_fn)
                records[self] = {"id": lid, "batches": 0, "keys": {}, "kind": None,
                                 "view_bytes": 0, "samples": 0, "collate": collate,
                                 "keycache": {}, "plain": False, "last_shm": 0,
                                 "last_objects": 0, "alive_batches": {}, "alive_bytes": [0],
                                 "kept_at": {}}
                ds = self.dataset
                site = (user[0], user[1], self.batch_size, self.num_workers) if user else None
                again = None
                if site in sites:
                    prev_ref, first_id, prev_id, prev_ds = sites[site]
                    prev = prev_ref()
                    # Gone, or over the same Dataset with no pass of it open: made again.
                    if prev is None or (prev_ds == id(ds) and not any(
                            e[0] == prev_id and not e[1] for e in live.values())):
                        again = first_id
                if site is not None:
                    sites[site] = (weakref.ref(self), lid if again is None else again, lid, id(ds))
                emit({"t": "loader", "id": lid, "again": again,
                      "file": user[0] if user else None, "line": user[1] if user else None,
                      "function": user[2] if user else None,
                      "framework": framework, "framework_frame": framework_frame,
                      "class": qualname(type(self)),
                      "batch_size": self.batch_size, "num_workers": self.num_workers,
                      "prefetch_factor": getattr(self, "prefetch_factor", None),
                      "persistent_workers": bool(getattr(self, "persistent_workers", False)),
                      "pin_memory": bool(self.pin_memory), "start_method": start_method(self),
                      "sharing_strategy": tmp.get_sharing_strategy(),
                      "collate": collate,
                      "batch_sampler": qualname(self.batch_sampler),
                      "sampler": qualname(self.sampler), "dataset": qualname(type(ds)),
                      "dataset_id": id(ds),
                      "iterable": isinstance(ds, torch.utils.data.IterableDataset),
                      "drop_last": bool(self.drop_last),
                      "resident_bytes": resident_bytes(torch, ds)})
            except Exception as e:
                fail("DataLoader.__init__", e)

        def begin(it, loader):
            rec = records.get(loader)
            if rec is None:
                return
            with lock:
                state["iters"] += 1
                n = state["iters"]
            it._shmwise = (rec, n)
            it._shmwise_bs = rec_batch_size(it)
            live[id(it)] = [rec["id"], False]
            try:
                epoch = len(it)  # batches in a pass; an IterableDataset may have none
            except Exception:
                epoch = None
            emit({"t": "iter", "id": rec["id"], "iter": n, "epoch_batches": epoch,
                  "batch_sampler": qualname(loader.batch_sampler),
                  "sharing_strategy": tmp.get_sharing_strategy()})

        orig_iter_init = Base.__init__

        @functools.wraps(orig_iter_init)
        def it_init(self, loader, *args, **kwargs):
            orig_iter_init(self, loader, *args, **kwargs)
            if state["off"]:
                return
            try:
                begin(self, loader)
                key = id(self)
                weakref.finalize(self, lambda: live.pop(key, None))
            except Exception as e:
                fail("iterator", e)

        orig_reset = Base._reset

        @functools.wraps(orig_reset)
        def it_reset(self, loader, *args, **kwargs):
            orig_reset(self, loader, *args, **kwargs)
            first = kwargs.get("first_iter", args[0] if args else False)
            if state["off"] or first or not hasattr(self, "_shmwise"):
                return
            try:
                begin(self, loader)  # persistent workers: a new epoch on the same iterator
            except Exception as e:
                fail("iterator reset", e)

        orig_next = Base.__next__

        @functools.wraps(orig_next)
        def it_next(self):
            try:
                batch = orig_next(self)
            except StopIteration:
                entry = live.get(id(self))
                if entry is not None:
                    entry[1] = True
                if "flush" in state:
                    state["flush"]()
                raise
            if not state["off"] and hasattr(self, "_shmwise"):
                try:
                    seen(self, batch, _sys._getframe(1))
                except Exception as e:
                    fail("batch", e)
            return batch

        user_code = {}  # code object -> whether it is the job's own code

        def pulled_at(f):
            """file:line and function of the job's own frame that asked for the batch."""
            depth = 0
            while f is not None and depth < 16:
                depth += 1
                code = f.f_code
                mine = user_code.get(code)
                if mine is None:
                    fn = code.co_filename
                    mine = not fn.startswith(here) and not fn.startswith("<") and \
                        "site-packages" not in fn and "dist-packages" not in fn and not any(
                            _os.path.realpath(fn).startswith(p) for p in stdlib)
                    if len(user_code) < 4096:
                        user_code[code] = mine
                if mine:
                    return "%s:%d" % (_os.path.basename(code.co_filename), f.f_lineno), \
                        code.co_name
                f = f.f_back
            return None, None

        HOLDERS = {"cycle": "itertools.cycle", "deque": "collections.deque", "list": "list",
                   "dict": "dict", "tuple": "tuple"}

        def holder_of(t):
            """What keeps an old batch alive: an itertools.cycle up to three levels above one
            of its tensors (tensor, batch, cycle's saved list, cycle), else the deque, list or
            dict that holds the batch itself (two levels up)."""
            import gc
            import types
            level, seen_ids, holder = [t], {id(t)}, None
            for depth in (1, 2, 3):
                above = []
                for obj in level:
                    for r in gc.get_referrers(obj):
                        if id(r) in seen_ids or r is level or r is above or \
                                isinstance(r, (types.FrameType, types.CellType)):
                            continue
                        seen_ids.add(id(r))
                        above.append(r)
                        name = type(r).__name__
                        if name == "cycle":
                            return HOLDERS[name]
                        if depth == 2 and holder is None and name in HOLDERS:
                            holder = HOLDERS[name]
                level = above[:64]
            return holder

        def leaves_of(batch):
            out, stack = [], [((), batch, 0)]
            while stack and len(out) < MAX_LEAVES:
                path, obj, depth = stack.pop()
                if torch.is_tensor(obj):
                    out.append((path, obj))
                elif depth > 6:
                    continue
                elif isinstance(obj, dict) or hasattr(obj, "keys") and hasattr(obj, "__getitem__") \
                        and not isinstance(obj, (str, bytes)):
                    try:
                        items = [(str(k), obj[k]) for k in list(obj.keys())[:MAX_KEYS]]
                    except Exception:
                        continue
                    stack.extend((path + (k,), v, depth + 1) for k, v in reversed(items))
                elif isinstance(obj, (list, tuple)):
                    stack.extend((path + (i,), v, depth + 1)
                                 for i, v in reversed(list(enumerate(obj[:MAX_LEAVES]))))
                elif hasattr(obj, "__dict__") and not isinstance(obj, type):
                    fields = getattr(obj, "_fields", None)  # Detectron2's Instances
                    d = fields if isinstance(fields, dict) else vars(obj)
                    items = [(str(k), v) for k, v in list(d.items())[:MAX_KEYS]]
                    stack.extend((path + (k,), v, depth + 1) for k, v in reversed(items))
            return out

        dtypes = {}
        pending = []  # batch lines not yet written
        flushed = [time.monotonic()]

        def flush():
            if pending:
                lines = "".join(pending)
                del pending[:]
                write_raw(lines)
            flushed[0] = time.monotonic()

        import atexit
        atexit.register(lambda: state["off"] or flush())
        # A forked child (a rank, a worker) does not write its parent's lines again.
        _os.register_at_fork(after_in_child=lambda: pending.clear())
        state["flush"] = flush

        def forget(kept, total, serial, nb):
            total[0] -= nb
            entry = kept.get(serial)
            if entry is None:
                return
            entry[0] -= 1
            entry[1] -= nb
            if entry[0] <= 0:
                kept.pop(serial, None)

        # Tensors the script itself moves to shared memory (model.share_memory() for Hogwild,
        # a buffer shared with its own processes): their bytes, and the line that did it.
        orig_share = torch.Tensor.share_memory_

        @functools.wraps(orig_share)
        def share_memory_(self, *args, **kwargs):
            was = self.is_shared()
            out = orig_share(self, *args, **kwargs)
            if not state["off"] and not was:
                try:
                    _, _, user = where_made()
                    shared = state.setdefault("shared", {})
                    where = "%s:%s" % (user[0], user[1]) if user else ""
                    nb = self.untyped_storage().nbytes() if hasattr(self, "untyped_storage") \
                        else self.storage().size() * self.element_size()
                    shared[where] = shared.get(where, 0) + -(-nb // PAGE) * PAGE
                    if len(shared) <= 64:
                        emit({"t": "shared", "bytes": shared[where], "where": where})
                except Exception as e:
                    fail("share_memory_", e)
            return out

        torch.Tensor.share_memory_ = share_memory_

        def seen(it, batch, caller=None):
            rec, n_iter = it._shmwise
            bs = it._shmwise_bs
            leaves = leaves_of(batch)
            if bs is None:
                kind, samples = "whole", 1
            elif rec["collate"] != DEFAULT_COLLATE and isinstance(batch, (list, tuple)) and \
                    0 < len(batch) <= bs and all(
                    not torch.is_tensor(e) and isinstance(e, (dict, list, tuple)) or
                    hasattr(e, "keys") for e in batch):
                kind, samples = "list", len(batch)
            else:
                kind = "stack"
                # Lists of one tensor (or one dict of them) per sample inside the batch, as
                # detection collates make ({"boxes": [t0, t1, ...]}): each element is a tensor
                # of one sample, not a stacked key of its own.
                groups = {}
                for path, _ in leaves:
                    for p in range(1, len(path)):
                        if isinstance(path[p], int):
                            groups.setdefault(path[:p], set()).add(path[p])
                counts = {}
                for path, t in leaves:
                    if t.dim() >= 1 and t.shape[0] <= bs and not any(
                            path[:p] in groups for p in range(1, len(path))):
                        counts[t.shape[0]] = counts.get(t.shape[0], 0) + 1
                stacked = max(counts, key=counts.get) if counts else None
                per_sample = {prefix: len(idx) for prefix, idx in groups.items()
                              if 2 <= len(idx) <= bs and idx == set(range(len(idx))) and
                              (len(idx) == bs or len(idx) == stacked)}
                if per_sample:
                    kind = "list"
                    samples = max(per_sample.values())
                    each = []
                    for path, t in leaves:
                        for p in range(1, len(path)):
                            if path[:p] in per_sample:
                                path = path[:p] + ("*",) + path[p + 1:]
                                break
                        else:
                            if t.dim() >= 1 and t.shape[0] == samples:
                                # a stacked tensor beside the lists: one sample's share of it
                                path = ("*stacked",) + path
                        each.append((path, t))
                    leaves = each
                else:
                    samples = stacked or bs
            # Storages (sharing, views) are looked at in the first batches and every 16th; the
            # others are counted like the last one looked at, scaled by their own bytes.
            full = rec["batches"] < 8 or rec["batches"] % 16 == 0
            storages, shm_bytes, tensor_bytes, objects = {}, 0, 0, 0
            changed = rec["kind"] != kind
            rec["kind"] = kind
            keycache = rec["keycache"]
            keys = rec["keys"]
            for path, t in leaves:
                tshape = t.shape
                hit = keycache.get((kind, path))
                if hit is not None and not full and hit[0] == tshape and not changed:
                    # The same shape as the last batch's: nothing new to learn but its bytes.
                    tensor_bytes += hit[1]
                    if rec["plain"]:
                        shm_bytes += -(-hit[1] // PAGE) * PAGE
                    continue
                esize = t.element_size()
                nb = t.numel() * esize
                tensor_bytes += nb
                if full:
                    ptr, snb = storage_of(torch, t)
                    st = storages.setdefault(ptr, [snb, 0, t.is_shared()])
                    st[1] += nb
                elif rec["plain"]:
                    shm_bytes += -(-nb // PAGE) * PAGE
                shape = list(tshape)
                packed = False
                if kind == "stack" and shape:
                    if shape[0] == samples:
                        shape = shape[1:]
                    else:
                        shape = [-(-shape[0] // max(samples, 1))] + shape[1:]
                        packed = True
                elif path and path[0] == "*stacked":
                    shape = shape[1:]
                if hit is None:
                    if kind == "list" and "*" in path:
                        p2 = tuple(x for x in path if x != "*")
                    else:
                        p2 = path[1:] if kind == "list" else path
                    key = "/".join(str(x) for x in p2) or "tensor"
                else:
                    key = hit[2]
                keycache[(kind, path)] = (tshape, nb, key)
                k = keys.get(key)
                if k is None:
                    dtype = dtypes.get(t.dtype)
                    if dtype is None:
                        dtype = dtypes[t.dtype] = str(t.dtype).replace("torch.", "")
                    keys[key] = {"dtype": dtype, "itemsize": esize, "max": shape,
                                 "min": list(shape), "packed": packed}
                    changed = True
                elif len(k["max"]) == len(shape):
                    mx, mn = k["max"], k["min"]
                    for i, d in enumerate(shape):
                        if d > mx[i]:
                            mx[i] = d
                            changed = True
                        if d < mn[i]:
                            mn[i] = d
                            changed = True
                    if packed and not k["packed"]:
                        k["packed"] = changed = True
                elif len(shape) > len(k["max"]):
                    k["max"], k["min"], changed = shape, list(shape), True
            if full:
                view = 0
                for snb, used, shared in storages.values():
                    if shared:
                        objects += 1
                        shm_bytes += -(-snb // PAGE) * PAGE
                    if snb > 2 * used and snb >= (1 << 20):
                        view = max(view, snb)
                if view > rec["view_bytes"]:
                    rec["view_bytes"] = view
                    changed = True
                # Every tensor shared and its own storage: the others can be counted from
                # their bytes. Otherwise they are taken to be like this one.
                rec["plain"] = objects == len(leaves) and view == 0 and objects > 0
                rec["last_shm"], rec["last_objects"] = shm_bytes, objects
            elif rec["plain"]:
                objects = len(leaves)
            else:
                shm_bytes, objects = rec["last_shm"], rec["last_objects"]
            if samples > rec["samples"]:
                rec["samples"] = samples
                changed = True
            rec["batches"] += 1
            # The batches of this loader the script still refers to: each shared tensor of the
            # batch is watched until it is freed. The loop itself holds this one and the last.
            kept, total = rec["alive_batches"], rec["alive_bytes"]
            serial = rec["batches"]
            for _, t in leaves[:64]:
                if t.is_shared():
                    nb = -(-(t.numel() * t.element_size()) // PAGE) * PAGE
                    entry = kept.get(serial)
                    if entry is None:
                        # Its count and bytes, where the job asked for it and a weak reference
                        # to one tensor, to find what keeps it if it outlives the loop.
                        entry = kept[serial] = [0, 0, caller and pulled_at(caller),
                                                weakref.ref(t)]
                    entry[0] += 1
                    entry[1] += nb
                    total[0] += nb
                    weakref.finalize(t, forget, kept, total, serial, nb)
            # Bytes of older batches still referred to: neither this batch nor the one the loop
            # variable held until now.
            older = total[0] - kept.get(serial, (0, 0))[1] - kept.get(serial - 1, (0, 0))[1]
            n = rec["batches"]
            if older > 0 and len(rec["kept_at"]) < 4 and n & (n - 1) == 0:
                # The line that keeps them: where the oldest one came and what holds it (once
                # per place; gc's referrers are looked up a few times per loader at most, and
                # the kept batches scanned at the 2nd, 4th, 8th... batch, not at every one).
                old = min((k for k in kept if k < serial - 1), default=None)
                entry = kept.get(old) if old is not None else None
                if entry is not None and entry[2] and entry[2][0] and \
                        entry[2][0] not in rec["kept_at"]:
                    tensor = entry[3]()
                    rec["kept_at"][entry[2][0]] = True
                    if tensor is not None:
                        emit({"t": "kept_at", "id": rec["id"], "site": entry[2][0],
                              "function": entry[2][1],
                              "holder": holder_of(tensor) or ""})
            alive = [e[0] for e in live.values() if not e[1] and e[0] != rec["id"]]
            pending.append('{"t":"batch","id":%d,"iter":%d,"n":%d,"shm_bytes":%d,'
                           '"tensor_bytes":%d,"objects":%d,"samples":%d,"alive":[%s],'
                           '"live":%d,"kept_bytes":%d,"pid":%d,"time":%.4f}\n' % (
                               rec["id"], n_iter, rec["batches"], shm_bytes, tensor_bytes,
                               objects, samples, ",".join(str(a) for a in sorted(set(alive))),
                               len(kept), max(older, 0), _os.getpid(), time.monotonic() - t0))
            if changed:
                flush()
                emit({"t": "shape", "id": rec["id"], "kind": kind, "samples": rec["samples"],
                      "view_bytes": rec["view_bytes"], "truncated": len(leaves) >= MAX_LEAVES,
                      "keys": [dict(v, name=k) for k, v in keys.items()][:MAX_LEAVES]})
            elif len(pending) >= 64 or rec["batches"] <= 4 or \
                    time.monotonic() - flushed[0] > 0.1:
                flush()

        def rec_batch_size(it):
            # The loader's batch size as its iterator sees it; None for batch_size=None.
            sampler = getattr(it, "_index_sampler", None)
            if getattr(it, "_auto_collation", True) is False:
                return None
            return getattr(sampler, "batch_size", None) or getattr(
                getattr(sampler, "batch_sampler", None), "batch_size", None) or 1 << 30

        # In a DataLoader worker: the largest batch it made so far, from its samples before
        # they are collated (default_collate writes the batch straight into /dev/shm). A worker
        # the Bus error kills there leaves this as the only account of that batch.
        from torch.utils.data._utils import fetch as fetch_mod

        made = {"max": 0}
        _os.register_at_fork(after_in_child=lambda: made.update(max=0))

        def counted(collate):
            @functools.wraps(collate)
            def collate_counted(data):
                if not state["off"]:
                    try:
                        total, ptrs = 0, set()
                        for _, t in leaves_of(data):
                            ptr, nb = storage_of(torch, t)
                            if ptr not in ptrs:
                                ptrs.add(ptr)
                                total += t.numel() * t.element_size()
                        total = -(-total // PAGE) * PAGE
                        if total > made["max"]:
                            made["max"] = total
                            info = mod.get_worker_info()
                            emit({"t": "wbatch", "ds": id(info.dataset), "bytes": total,
                                  "samples": len(data) if isinstance(data, list) else 1})
                    except Exception as e:
                        fail("worker batch", e)
                return collate(data)
            return collate_counted

        orig_fetcher_init = fetch_mod._BaseDatasetFetcher.__init__

        @functools.wraps(orig_fetcher_init)
        def fetcher_init(self, *args, **kwargs):
            orig_fetcher_init(self, *args, **kwargs)
            try:
                if not state["off"] and mod.get_worker_info() is not None and \
                        callable(getattr(self, "collate_fn", None)):
                    self.collate_fn = counted(self.collate_fn)
            except Exception as e:
                fail("worker fetcher", e)

        DataLoader.__init__ = dl_init
        Base.__init__ = it_init
        Base._reset = it_reset
        Base.__next__ = it_next
        fetch_mod._BaseDatasetFetcher.__init__ = fetcher_init

    def patch_grouping(mod):
        """Detectron2's aspect-ratio grouping: the DataLoader yields single images, and an
        AspectRatioGroupedDataset over it groups them into batches in the main process."""
        import functools

        cls = getattr(mod, "AspectRatioGroupedDataset", None)
        if cls is None:
            return
        orig = cls.__init__

        @functools.wraps(orig)
        def init(self, dataset, batch_size, *args, **kwargs):
            orig(self, dataset, batch_size, *args, **kwargs)
            try:
                rec = state.get("records", {}).get(dataset)
                if rec is not None and not state["off"]:
                    emit({"t": "group", "id": rec["id"], "batch_size": int(batch_size),
                          "class": qualname(type(self))})
            except Exception as e:
                fail("AspectRatioGroupedDataset.__init__", e)

        cls.__init__ = init

    targets = {"torch.utils.data.dataloader": patch, "detectron2.data.common": patch_grouping}

    class Finder(importlib.abc.MetaPathFinder):
        """Wraps the loaders of the modules in `targets` so that each is patched once loaded."""

        def find_spec(self, name, path=None, target=None):
            if name not in targets or state["off"]:
                return None
            for finder in _sys.meta_path:
                if finder is self or not hasattr(finder, "find_spec"):
                    continue
                spec = finder.find_spec(name, path, target)
                if spec is not None:
                    break
            else:
                return None
            loader = spec.loader
            if loader is None or not hasattr(loader, "exec_module"):
                return spec

            class Wrapped(importlib.abc.Loader):
                def create_module(self, s):
                    return loader.create_module(s)

                def exec_module(self, module):
                    loader.exec_module(module)
                    fn = targets.pop(name, None)
                    if not targets:
                        try:
                            _sys.meta_path.remove(finder_instance)
                        except ValueError:
                            pass
                    if fn is not None and not state["off"]:
                        try:
                            fn(module)
                        except Exception as e:
                            fail("patch", e)

                def __getattr__(self, attr):
                    return getattr(loader, attr)

            spec.loader = Wrapped()
            return spec

    finder_instance = Finder()
    emit({"t": "hello", "ppid": _os.getppid(), "python": _sys.version.split()[0],
          "executable": _sys.executable})
    for name in list(targets):
        if name in _sys.modules:
            targets.pop(name)(_sys.modules[name])
    if targets:
        _sys.meta_path.insert(0, finder_instance)


def _chain():
    """Runs the sitecustomize this file shadows, as Python would have without it."""
    import importlib.machinery
    import importlib.util

    here = _os.path.dirname(_os.path.abspath(__file__))
    path = [p for p in _sys.path if _os.path.abspath(p or ".") != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", path)
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    _sys.modules["sitecustomize"] = module
    spec.loader.exec_module(module)


try:
    _install()
except Exception:  # the hook must never stop the job
    pass
_chain()
