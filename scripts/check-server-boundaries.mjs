// Part of `npm run lint`: the server's rules of the road that Biome cannot say (DESIGN.md).
// Biome's noRestrictedImports (biome.json) already refuses a module reaching past another's
// index.ts and an import of kysely's `sql` outside repositories; noProcessEnv refuses process.env
// outside config/. This script reads the source for what is not an import:
//   1. SQL (sql`…`, sql<T>`…`, .selectFrom( .insertInto( .updateTable( .deleteFrom( ) only in
//      *.repository.ts files and db/;
//   2. each counter written by its one owner: profiles' follower/following counts by follows,
//      album_stats/track_stats by ratings, a post's or list's likes/comments counts by
//      db/reaction-counts.ts, called through the posts' and lists' reaction subjects (ADR 34);
//   3. only a module's index.ts imports app-deps.ts: its services take the `<Module>Needs` interfaces
//      it declares there, so what a module is given shows in one place (ADR 45).
// Exempt: tests (*.test.ts) and test support (src/test/, src/security/), which seed and inspect
// rows directly.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/server/src');

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.name.endsWith('.ts')) yield full;
  }
}

const SQL = /\bsql(?:<[^`\n]*>)?`|\.(?:selectFrom|insertInto|updateTable|deleteFrom)\(/;
const FOLLOW_COUNT_WRITE = /\b(?:follower_count|following_count)\s*:/;
const STATS_WRITE = /\.(?:insertInto|updateTable|deleteFrom)\(\s*['"](?:album_stats|track_stats)['"]/;
// A value set, not a type declared (`likes_count: number` in a row type).
const REACTION_COUNT_WRITE = /\b(?:likes_count|comments_count)\s*:(?!\s*(?:number|Generated<))/;
const APP_DEPS_IMPORT = /from '(?:\.\.\/)+app-deps\.ts'/;
const MODULE_FILE = /^modules\/([^/]+)\/(.+)$/;
const COUNTER_OWNERS = {
  follow: 'modules/social/follows.repository.ts',
  stats: 'modules/ratings/ratings.repository.ts',
  reactions: 'db/reaction-counts.ts',
};

const problems = [];
for (const file of files(src)) {
  const rel = path.relative(src, file).split(path.sep).join('/');
  if (rel.endsWith('.test.ts') || /^(test|security)\//.test(rel)) continue;
  const lines = readFileSync(file, 'utf8').split('\n');
  const isRepository = rel.endsWith('.repository.ts') || rel.startsWith('db/');
  const moduleFile = MODULE_FILE.exec(rel);
  const mayImportAppDeps = !moduleFile || moduleFile[2] === 'index.ts';
  lines.forEach((line, i) => {
    const at = `apps/server/src/${rel}:${i + 1}`;
    if (!isRepository && SQL.test(line)) {
      problems.push(`${at}  SQL outside a repository: move it into a *.repository.ts function`);
    }
    if (FOLLOW_COUNT_WRITE.test(line) && rel !== COUNTER_OWNERS.follow && !rel.startsWith('db/')) {
      problems.push(`${at}  follower/following counts are written only by ${COUNTER_OWNERS.follow}`);
    }
    if (REACTION_COUNT_WRITE.test(line) && rel !== COUNTER_OWNERS.reactions) {
      problems.push(`${at}  likes/comments counts are written only by ${COUNTER_OWNERS.reactions}`);
    }
    if (STATS_WRITE.test(line) && rel !== COUNTER_OWNERS.stats) {
      problems.push(`${at}  album_stats/track_stats are written only by ${COUNTER_OWNERS.stats}`);
    }
    if (!mayImportAppDeps && APP_DEPS_IMPORT.test(line)) {
      const name = moduleFile[1].replace(/(?:^|-)(\w)/g, (_, letter) => letter.toUpperCase());
      problems.push(
        `${at}  only the module's index.ts imports app-deps.ts: declare a \`${name}Needs\` interface (the narrow services it uses) in modules/${moduleFile[1]}/index.ts and take that`,
      );
    }
  });
}

if (problems.length > 0) {
  console.error(`Server boundaries (DESIGN.md, Rules of the road):\n${problems.join('\n')}`);
  process.exit(1);
}
