#!/usr/bin/env node
/**
 * `judge-verify-record RECORD [--key HEX] [--json]`: check a record with the TypeScript verifier
 * (chain, receipts, seal, and a finished dealt game's shuffles, draws and rolls).
 *
 * Exit status: 0 intact, 3 altered (problems by line; the first is where it was first altered),
 * 4 intact but a dealt game whose seed is not revealed yet, 2 usage error. Without `--key` it
 * warns: the key the record names itself proves only that whoever holds it wrote the record.
 */

import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

import { verifyRecord } from "./record.js";

function main(argv: string[]): number {
  let args;
  try {
    args = parseArgs({ args: argv, allowPositionals: true, options: { key: { type: "string" }, json: { type: "boolean" } } });
  } catch (error) {
    process.stderr.write(`usage: judge-verify-record RECORD [--key HEX] [--json]\n${error instanceof Error ? error.message : error}\n`);
    return 2;
  }
  const [file] = args.positionals;
  const hex = args.values.key;
  if (file === undefined || args.positionals.length !== 1 || (hex !== undefined && !/^[0-9a-fA-F]{64}$/.test(hex))) {
    process.stderr.write("usage: judge-verify-record RECORD [--key HEX] [--json] (HEX: the server key, 64 hex digits)\n");
    return 2;
  }
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch (error) {
    process.stderr.write(`${file}: ${error instanceof Error ? error.message : error}\n`);
    return 2;
  }
  const report = verifyRecord(data, hex === undefined ? undefined : Buffer.from(hex, "hex"));
  if (hex === undefined) {
    process.stderr.write("warning: no key pinned; checked against the key the record names itself\n");
  }
  if (args.values.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else if (report.ok) {
    process.stdout.write(`intact: ${report.events} events, ${report.receipts} receipts, sealed`
      + `${report.seedPending ? "; the seed of this dealt game is not revealed yet" : ""}\n`);
  } else {
    for (const problem of report.problems) process.stdout.write(`line ${problem.line}: ${problem.message}\n`);
  }
  return report.ok ? (report.seedPending ? 4 : 0) : 3;
}

process.exitCode = main(process.argv.slice(2));
