#!/bin/bash
# As the official images do: every environment variable with a dot in its name (discovery.type=single-node,
# xpack.security.enabled=false) becomes a -E setting. The zips' own scripts don't, and only bash keeps such names.
set -euo pipefail
settings=()
while IFS='=' read -r -d '' name value; do
  if [[ $name == *.* ]]; then
    settings+=("-E" "$name=$value")
  fi
done < <(env -0)
# OpenSearch's official image switches its security plugin off with this; the zip has no security plugin at all.
unset DISABLE_SECURITY_PLUGIN DISABLE_INSTALL_DEMO_CONFIG
exec "/usr/share/$ENGINE/bin/$ENGINE" "${settings[@]}" "$@"
