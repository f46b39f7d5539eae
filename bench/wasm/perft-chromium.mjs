// Perft in headless Chromium: `node perft-chromium.mjs DIR GAME:DEPTH...` where DIR holds
// perft.html, perft-worker.js and pkg/ (a `web` build). Serves DIR on 127.0.0.1 (a free
// port), opens the page in Chromium, prints the results it posts back (one line of JSON a
// run) and stops Chromium. Gives up after 10 minutes.
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";

const [dir, ...runs] = process.argv.slice(2);
const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
let chromium;
let profile;
const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, "http://127.0.0.1");
  if (req.method === "POST" && url.pathname === "/results") {
    let body = "";
    for await (const chunk of req) body += chunk;
    res.end("ok");
    const results = JSON.parse(body);
    for (const r of [].concat(results)) console.log(JSON.stringify(r));
    finish([].concat(results).some((r) => r.error) ? 1 : 0);
    return;
  }
  try {
    const file = path.join(dir, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ""));
    const data = await readFile(file);
    res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" });
    res.end(data);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
function finish(code) {
  if (chromium) chromium.kill();
  server.close();
  // Chromium's profile goes with it (a file it still writes as it exits may stay).
  try {
    if (profile) fs.rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  } catch {}
  process.exit(code);
}
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address();
  profile = fs.mkdtempSync(path.join(os.tmpdir(), "ff-chromium-"));
  const browser = process.env.CHROMIUM ?? "chromium";
  chromium = spawn(browser, [
    "--headless=new", "--no-sandbox", "--disable-gpu", `--user-data-dir=${profile}`,
    `http://127.0.0.1:${port}/perft.html?runs=${runs.join(",")}`,
  ], { stdio: "ignore" });
  chromium.on("exit", (code) => {
    console.error(`chromium exited (${code}) before posting results`);
    finish(1);
  });
  setTimeout(() => { console.error("no results after 10 minutes"); finish(1); }, 600_000);
});
