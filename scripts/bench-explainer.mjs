#!/usr/bin/env node
// What the Explainer agent adds per tool round trip, beside the model's own latency: a fake OpenAI-compatible
// server on loopback answers each turn after LATENCY ms with one tool call (read_file of a small file), ROUNDS
// times, then the final answer. Per round: wall time minus the fake's latency minus the tool's own run time
// is the agent's overhead (the openai client, HTTP on loopback, JSON both ways, the history, the runner).
//
//   npm run build && node scripts/bench-explainer.mjs [ROUNDS=10] [REPEATS=7]
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createExplainer } from '../dist/explainer/index.js';

const ROUNDS = Number(process.argv[2] ?? 10);
const REPEATS = Number(process.argv[3] ?? 7);
const root = fileURLToPath(new URL('..', import.meta.url));

let latency = 0;
let ids = 0;
let lastBody = '';
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    lastBody = Buffer.concat(chunks).toString('utf8');
    const body = JSON.parse(lastBody);
    if (!body.messages) return res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    const turn = body.messages.filter((m) => m.role === 'assistant').length;
    const message =
      turn < ROUNDS && !body.response_format
        ? { role: 'assistant', content: null, tool_calls: [{ id: `call_${++ids}`, type: 'function', function: { name: 'read_file', arguments: JSON.stringify({ path: 'src/version.ts' }) } }] }
        : { role: 'assistant', content: JSON.stringify({ explanation: 'done', codeSnippets: [], confidence: 'low', suggestedQuestions: [] }) };
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: `c${ids}`, object: 'chat.completion', created: 0, model: 'fake', choices: [{ index: 0, message, finish_reason: 'stop' }] }));
    }, latency);
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const explainer = createExplainer({ apiKey: 'bench', baseURL: `http://127.0.0.1:${server.address().port}/v1`, allowedRoots: [root], maxToolIterations: ROUNDS + 1 });

async function once() {
  let toolMs = 0;
  const started = performance.now();
  const response = await explainer.explain(
    { question: 'What is the version?', directory: root },
    { onEvent: (event) => event.type === 'tool_result' && (toolMs += event.ms) },
  );
  const wall = performance.now() - started;
  if (response.metadata.toolCalls !== ROUNDS) throw new Error(`expected ${ROUNDS} tool calls, got ${response.metadata.toolCalls}`);
  const requests = ROUNDS + 1;
  return { perRound: wall / requests, overhead: (wall - latency * requests - toolMs) / requests, tool: toolMs / ROUNDS };
}

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`${ROUNDS} tool rounds + 1 final turn, median of ${REPEATS} (after one warm-up)`);
for (const ms of [0, 20, 100]) {
  latency = ms;
  await once();
  const runs = [];
  for (let i = 0; i < REPEATS; i++) runs.push(await once());
  console.log(
    `model latency ${String(ms).padStart(3)} ms: ${median(runs.map((r) => r.perRound)).toFixed(2)} ms per round trip, ` +
      `of which tool ${median(runs.map((r) => r.tool)).toFixed(2)} ms, agent overhead ${median(runs.map((r) => r.overhead)).toFixed(2)} ms`,
  );
}
// The floor: a bare fetch POST of the last (largest) request body to the same server, answered at once.
latency = 0;
const url = `http://127.0.0.1:${server.address().port}/v1/chat/completions`;
const floorBody = JSON.stringify({ ...JSON.parse(lastBody), messages: undefined });
const sizes = JSON.stringify(JSON.parse(lastBody)).length;
const floors = [];
for (let i = 0; i < 200; i++) {
  const t = performance.now();
  await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: lastBody.length ? lastBody.replace('"messages"', '"_messages"') : floorBody })).text();
  floors.push(performance.now() - t);
}
console.log(`floor: a bare fetch POST of the last request body (${(sizes / 1024).toFixed(1)} KB) on loopback: ${median(floors).toFixed(2)} ms`);
server.close();
