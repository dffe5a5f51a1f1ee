#!/bin/bash
# The server is the container's main process, so that signals (docker stop, a test's SIGSTOP) reach it directly.
# Options as the local provider's QuestDbConfig: the parallel collector QuestDB's own launcher sets, native access for
# its System.load of the bundled libraries, which it unpacks into java.io.tmpdir.
set -euo pipefail
mkdir -p /var/lib/questdb/tmp
exec java -Xms256m -Xmx1g -XX:+UseParallelGC --enable-native-access=ALL-UNNAMED \
  -Djava.io.tmpdir=/var/lib/questdb/tmp -cp /app/questdb.jar io.questdb.ServerMain -d /var/lib/questdb "$@"
