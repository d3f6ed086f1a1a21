/**
 * The ceiling of `npm run bench`'s page cache figures: a bare Node `http` server answering the same bytes
 * as nginx does (`/<name>` is `<dir>/<name>.html`, read once at start), with nothing else to do.
 * `node scripts/bench-bare.ts <dir> <port>`.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

const [dir, port] = process.argv.slice(2);
const pages = new Map<string, Buffer>();
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".html")))
  pages.set(`/${file.slice(0, -5)}`, fs.readFileSync(path.join(dir, file)));

http
  .createServer((req, res) => {
    const body = pages.get(req.url ?? "");
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
    res.end(body);
  })
  .listen(Number(port), "127.0.0.1");
