#!/usr/bin/env bash
# Fails when the Drizzle schema has changes that no migration in the repo describes.
set -euo pipefail
# Outside the checkout, so that lint, running beside this in CI, never sees it come and go.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
cp -r src/server/db/migrations "$scratch/migrations"
output="$(npx drizzle-kit generate --dialect postgresql --schema ./src/server/db/schema/index.ts \
  --out "$(realpath --relative-to=. "$scratch")/migrations" --name drift 2>&1)"
if grep -q 'No schema changes' <<<"$output"; then
  echo "Migrations match the schema."
else
  echo "$output"
  echo "The schema and the migrations differ: run 'npm run db:generate' and commit the result."
  exit 1
fi
