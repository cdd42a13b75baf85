// Prints what Gemini CLI runs for each command: its own stripShellWrapper
// (from the published @google/gemini-cli-core) applied to every JSON
// string read from stdin, one per line, as one JSON string per line.
//
// usage: node gemini-strip.mjs < commands.jsonl
import { stripShellWrapper } from '@google/gemini-cli-core';
import { createInterface } from 'node:readline';

for await (const line of createInterface({ input: process.stdin })) {
  if (line !== '') {
    console.log(JSON.stringify(stripShellWrapper(JSON.parse(line))));
  }
}
