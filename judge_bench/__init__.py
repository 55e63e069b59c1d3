"""The benchmark (``judge bench``): a real judge driven through the client library as a user's program
drives it, against its stack's own ceilings measured in the same run. It stands above the judge and the
client: bench.py (the run and its figures), servers.py (the judge and the ceilings it serves), store.py
(the record's storage figures), report.py (the table it prints), support.py (what they share)."""
