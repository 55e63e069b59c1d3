// A real judge process for the tests (`judge serve` from the repository's environment, or
// $JUDGE_BIN) on loopback with a fresh SQLite file in its own folder.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";

const ROOT = resolve(process.cwd(), "../..");
const JUDGE = process.env.JUDGE_BIN ?? join(ROOT, ".venv", "bin", "judge");

/** A judge process, its folder (database beside it) and its address. */
export class TestJudge {
  process!: ChildProcess;
  target = "";
  readonly folder = mkdtempSync(join(tmpdir(), "judge-node-"));

  get baseUrl(): string {
    return `http://${this.target}`;
  }

  /** Start `judge serve` on `listen` (default: a free port) with this judge's database. */
  async start(listen = "127.0.0.1:0"): Promise<void> {
    const child = spawn(JUDGE, ["serve", "--listen", listen, "--db", join(this.folder, "judge.sqlite3")], {
      cwd: this.folder, stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, JUDGE_CLIENT_RATE_LIMIT: "0", JUDGE_CREATE_LIMIT: "0" },
    });
    let log = "";
    child.stderr!.on("data", (chunk: Buffer) => { log += chunk.toString(); });
    this.target = await new Promise<string>((done, fail) => {
      const lines = createInterface({ input: child.stdout! });
      lines.on("line", (line) => {
        if (line.startsWith("judge listening on ")) done(line.split(" ")[3]);
      });
      child.on("exit", (code) => fail(new Error(`the judge exited with ${code}:\n${log}`)));
    });
    this.process = child;
  }

  /** Stop the process and wait until it has exited. */
  async stop(): Promise<void> {
    const child = this.process;
    if (child === undefined || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGTERM");
    await exited;
  }

  /** Start it again on the same address and database. */
  async restart(): Promise<void> {
    const port = this.target.split(":").at(-1);
    await this.stop();
    await this.start(`127.0.0.1:${port}`);
  }

  async close(): Promise<void> {
    await this.stop();
    rmSync(this.folder, { recursive: true, force: true });
  }
}
