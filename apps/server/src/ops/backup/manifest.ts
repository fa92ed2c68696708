import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { listFiles, onDisk, sha256File } from './files.ts';

/**
 * manifest.json, the first entry of a backup archive (ADR 27): what the archive holds and where it
 * came from, and every other file's size and SHA-256, checked before a restore writes anything.
 */

export const MANIFEST_FILE = 'manifest.json';
export const FORMAT = 'liner-backup';
export const FORMAT_VERSION = 1;

/** Where each part lives inside the archive. */
export const ARCHIVE_PATHS = {
  sqlite: 'database/liner.db',
  pgDump: 'database/liner.pgdump',
  uploads: 'uploads',
  authSecret: 'auth-secret',
} as const;

/** A relative path that stays inside the directory it is read from. */
const INSIDE = /^(?!\/)(?!(.*\/)?\.\.(\/|$)).+$/;

const FileEntrySchema = z.object({
  path: z.string().regex(INSIDE, 'must be a relative path inside the archive'),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const DatabaseSchema = z.discriminatedUnion('included', [
  z.object({
    included: z.literal(true),
    path: z.string(),
    /** PostgreSQL only: the schema pg_dump dumped (DATABASE_SCHEMA, or public). */
    pgSchema: z.string().optional(),
  }),
  z.object({
    included: z.literal(false),
    /** Why not, and the command that backs the database up instead. */
    reason: z.string(),
    command: z.string(),
  }),
]);

export const ManifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int().positive(),
  /** package.json's version (null when it has none) and the git commit, when known. */
  linerVersion: z.string().nullable(),
  commit: z.string().nullable(),
  createdAt: z.string(),
  dialect: z.enum(['sqlite', 'postgres']),
  /** The last migration applied to the backed-up database. */
  schema: z.string().nullable(),
  database: DatabaseSchema,
  uploads: z.object({
    /** archive: in uploads/; bucket: left in the S3-compatible bucket; none: no uploads directory. */
    location: z.enum(['archive', 'bucket', 'none']),
    bucket: z.string().optional(),
    count: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
  }),
  authSecret: z.boolean(),
  files: z.array(FileEntrySchema),
});

export type Manifest = z.infer<typeof ManifestSchema>;

/** The manifest of an archive, or an error saying plainly why this is not one of ours. */
export function parseManifest(text: string | null, archive: string): Manifest {
  if (text === null) throw new Error(`${archive} is not a liner backup: it has no ${MANIFEST_FILE}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${archive} is not a liner backup: its ${MANIFEST_FILE} is not JSON`);
  }
  const version = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'number' && version > FORMAT_VERSION) {
    throw new Error(`${archive} was made by a newer liner (backup format ${version}): upgrade liner first`);
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `${archive} is not a liner backup: ${MANIFEST_FILE} ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'is not valid'}`,
    );
  }
  return parsed.data;
}

/**
 * Every file the manifest lists is in `root` with its size and SHA-256, and nothing else is
 * (besides the manifest): a damaged or altered archive is refused before anything is restored.
 */
export async function verifyFiles(root: string, manifest: Manifest, archive: string): Promise<void> {
  const listed = new Set(manifest.files.map((file) => file.path));
  const extra = (await listFiles(root)).filter((file) => file !== MANIFEST_FILE && !listed.has(file));
  if (extra.length > 0) throw new Error(`${archive} is damaged: ${extra[0]} is not in its manifest`);
  for (const file of manifest.files) {
    const onDiskPath = onDisk(root, file.path);
    const size = await stat(onDiskPath).then(
      (info) => info.size,
      () => null,
    );
    if (size === null) throw new Error(`${archive} is damaged: ${file.path} is missing`);
    if (size !== file.size || (await sha256File(onDiskPath)) !== file.sha256) {
      throw new Error(`${archive} is damaged: ${file.path} does not match its checksum`);
    }
  }
}
