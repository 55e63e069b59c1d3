"""Tools beside the judge: the benchmark (``judge bench``, bench.py) and its storage figures (bench_store.py)."""
