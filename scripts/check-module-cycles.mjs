// Part of `npm run lint`: no cycle between the server's modules (DESIGN.md, Server domains), as
// server-module-graph.mjs reads them. A module that would need one that needs it subscribes to an
// event instead (lib/domain-events.ts, ADR 45), or is lent a reader at start-up (as posts lends
// its reviews to ratings).
//
// Cycles still to be broken are listed in KNOWN_CYCLES: the check fails on any other cycle, and on
// a listed one that is gone (so the list only shrinks). `--graph` prints the dependencies.
import { moduleGraph } from './server-module-graph.mjs';

/** Strongly connected groups of modules not yet untangled, each as its sorted names joined by ' ↔ '. */
const KNOWN_CYCLES = new Set([]);

/** Tarjan's strongly connected components with more than one module. */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const found = [];
  const visit = (node) => {
    info.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!info.has(next)) {
        visit(next);
        info.get(node).low = Math.min(info.get(node).low, info.get(next).low);
      } else if (info.get(next).onStack) {
        info.get(node).low = Math.min(info.get(node).low, info.get(next).index);
      }
    }
    if (info.get(node).low === info.get(node).index) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        info.get(member).onStack = false;
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort().join(' ↔ '));
    }
  };
  for (const node of graph.keys()) if (!info.has(node)) visit(node);
  return found.sort();
}

const graph = moduleGraph();
if (process.argv.includes('--graph')) {
  for (const [module, deps] of graph) console.log(`${module}: ${[...deps].sort().join(', ') || '—'}`);
}
const now = cycles(graph);
const problems = [
  ...now.filter((cycle) => !KNOWN_CYCLES.has(cycle)).map((cycle) => `a cycle between modules: ${cycle}`),
  ...[...KNOWN_CYCLES]
    .filter((cycle) => !now.includes(cycle))
    .map((cycle) => `${cycle} is no longer a cycle: take it out of KNOWN_CYCLES in scripts/check-module-cycles.mjs`),
];
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error('Break a cycle with an event (lib/domain-events.ts) or a reader lent at start-up (ADR 45).');
  process.exit(1);
}
