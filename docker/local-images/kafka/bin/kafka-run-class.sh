#!/bin/bash
# Runs a Kafka main class on the image's jars, honouring the official scripts' KAFKA_* variables.
set -euo pipefail
log4j="${KAFKA_LOG4J_OPTS:--Dlog4j2.configurationFile=/etc/kafka/docker/log4j2.yaml}"
# shellcheck disable=SC2086 # the *_OPTS variables are lists of JVM flags
exec java ${KAFKA_HEAP_OPTS:--Xmx512m -Xms512m} ${KAFKA_JVM_PERFORMANCE_OPTS:-} ${KAFKA_OPTS:-} $log4j \
  -cp "/opt/kafka/libs/*" "$@"
