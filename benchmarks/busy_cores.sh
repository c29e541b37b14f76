#!/usr/bin/env bash
# The core-seconds the whole machine was busy while a command ran, beside what the command's
# own accounting (getrusage of the children it reaped) saw: not a test.
#
#     KOZEL_TESTS_SHARED=/tmp/shared benchmarks/busy_cores.sh \
#         .venv/bin/python -m pytest -n 0 -q -p no:cacheprovider tests/docs/test_docs_browser.py
#
# Chromium's processes are mostly never reaped by the test that started them, so getrusage
# misses them; the machine's busy time (/proc/stat, every core, in 1/100 s) does not. Measure
# on an otherwise idle machine: anything else running is counted too.
set -euo pipefail
busy() { read -r _ user nice system _ _ irq softirq steal _ < /proc/stat
         echo $((user + nice + system + irq + softirq + steal)); }
before=$(busy); start=$(date +%s.%N); status=0
if [ -x /usr/bin/time ]; then  # GNU time (Debian's package `time`)
  /usr/bin/time -f "the command's own accounting: %U s user + %S s system" "$@" || status=$?
else
  "$@" || status=$?
fi
after=$(busy); end=$(date +%s.%N)
echo "the machine's busy cores: $(( (after - before) / 100 )) core-s in $(awk "BEGIN { printf \"%.1f\", $end - $start }") s"
exit $status
