// The Action's install (action.yml): the package built from the Action's own files, the folder GitHub fetched
// for the `uses:` line (a tag, a commit, or `./` alike), into a folder of the runner's temporary directory.
// Its dependencies are those its lockfile locks, each checked by `npm ci` against the lockfile's integrity
// hash, with no install script run. TypeScript's compiler, at the version that lockfile locks, writes the
// JavaScript `npm run build` writes, and is then removed with the sources: what runs is the compiled package
// alone. A later step of the job given the same files reuses the install, only from a folder this job made: owned
// by the job's user, writable by no one else, its `installed` file naming the files' digest and this job. Without
// the runner's temporary directory (RUNNER_TEMP), it builds in a new private folder and reuses none.
//
// Usage: node install.js ACTION_PATH RUNNER_TEMP; sets the step output `command`, the file to run with node.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { annotate, setOutput } from './github-output.js';

/** What the compiler needs beside the package's own dependencies: itself, and Node's types (tsconfig's `types`). */
const COMPILER = ['typescript', '@types/node'];

/** The files of the Action's folder the package is built from: the sources the build compiles, and what ships beside them. */
function packageFiles(actionPath, sources) {
  const files = [];
  const walk = (path) => {
    const stat = lstatSync(join(actionPath, path));
    if (stat.isDirectory()) for (const name of readdirSync(join(actionPath, path)).sort()) walk(join(path, name));
    else if (stat.isFile()) files.push(path);
    else fail(`${path} in the Action's folder is not a regular file or a folder`);
  };
  for (const path of ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'LICENSE', 'bin', 'schemas', ...sources]) walk(path);
  return files;
}

/** The SHA-256 of the files and of this script, names and contents: the install's name, so that no other install is reused. */
function digestOf(actionPath, files) {
  const hash = createHash('sha256');
  for (const file of [...files, 'action/install.js'])
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(actionPath, file)))
      .update('\0');
  return hash.digest('hex');
}

/**
 * A package.json and a lockfile for a folder that needs `names` as the package's lockfile locks them: the entries
 * reached from them (dependencies, optional dependencies and required peers, each where Node finds it from the
 * package that needs it), with their versions and integrity hashes.
 */
function projectOf(lock, names) {
  const find = (from, name) => {
    for (let at = from; ; at = at.includes('/node_modules/') ? at.slice(0, at.lastIndexOf('/node_modules/')) : '') {
      const path = `${at ? `${at}/` : ''}node_modules/${name}`;
      if (lock.packages[path]) return path;
      if (at === '') return undefined;
    }
  };
  const needed = (from, name) => find(from, name) ?? fail(`the lockfile locks no ${name} for ${from || 'the package'}`);
  const packages = {};
  const queue = names.map((name) => needed('', name));
  while (queue.length > 0) {
    const path = queue.pop();
    if (path === undefined || packages[path]) continue;
    // the flags say how our project needs a package; npm reads them, so they must say how this folder does
    const { dev, devOptional, peer, ...entry } = lock.packages[path];
    packages[path] = devOptional ? { ...entry, optional: true } : entry;
    const peers = Object.keys(entry.peerDependencies ?? {}).filter((name) => !entry.peerDependenciesMeta?.[name]?.optional);
    for (const name of [...Object.keys(entry.dependencies ?? {}), ...peers]) queue.push(needed(path, name));
    for (const name of Object.keys(entry.optionalDependencies ?? {})) queue.push(find(path, name));
  }
  const dependencies = Object.fromEntries(names.map((name) => [name, packages[`node_modules/${name}`].version]));
  const name = 'mockapi-conformance-action';
  return {
    manifest: { name, private: true, dependencies },
    lock: { name, lockfileVersion: 3, requires: true, packages: { '': { dependencies }, ...packages } },
  };
}

/** Writes the folder's package.json and lockfile, and installs them with npm ci: the lockfile's versions, checked against its hashes. */
function installIn(dir, lock, names) {
  const project = projectOf(lock, names);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(project.manifest, null, 2)}\n`);
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify(project.lock, null, 2)}\n`);
  run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], dir);
}

/** What the package needs installed beside it: its dependencies and its required peers (vitest, which runs the checks). */
function neededBeside(manifest) {
  const peers = Object.keys(manifest.peerDependencies ?? {}).filter((name) => !manifest.peerDependenciesMeta?.[name]?.optional);
  return [...Object.keys(manifest.dependencies), ...peers];
}

/** Ends the step with one line. */
function fail(message) {
  annotate('error', `mockapi-conformance's install failed: ${message}`);
  process.exit(1);
}

/** Runs a command in `cwd`, its output in the step's log; ends the step with its exit code when it fails. */
function run(command, args, cwd) {
  const ran = spawnSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (ran.status !== 0) fail(`${command} ${args.join(' ')} exited ${ran.status ?? ran.signal ?? ran.error?.message}`);
}

/**
 * Copies the files into `dir`/package, installs its dependencies in `dir` (above it, where Node finds them, as
 * in a project that installed the package), compiles it with a compiler installed beside, and removes the
 * compiler and the sources.
 */
function install(actionPath, files, sources, dir) {
  const pkg = join(dir, 'package');
  for (const file of files) {
    mkdirSync(dirname(join(pkg, file)), { recursive: true });
    copyFileSync(join(actionPath, file), join(pkg, file));
  }
  const lock = JSON.parse(readFileSync(join(pkg, 'package-lock.json'), 'utf8'));
  installIn(dir, lock, neededBeside(JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'))));
  const compiler = join(dir, 'compiler');
  installIn(compiler, lock, COMPILER);
  // the JavaScript of `npm run build` (tsconfig.build.json), file by file: the types were checked where the
  // release was made, so neither they nor the dependencies' are read again, and the declarations are for the
  // library's users, not for the command (test/e2e/action.test.ts holds the JavaScript to the project's build)
  const tsc = join(compiler, 'node_modules', 'typescript', 'bin', 'tsc');
  const types = join(compiler, 'node_modules', '@types');
  run(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--noCheck', '--noResolve', '--declaration', 'false', '--typeRoots', types], pkg);
  const shipped = shippedAmong(pkg, sources);
  for (const path of [...sources, 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json']) rmSync(join(pkg, path), { recursive: true });
  for (const [file, content] of shipped) {
    mkdirSync(dirname(join(pkg, file)), { recursive: true });
    writeFileSync(join(pkg, file), content);
  }
  rmSync(compiler, { recursive: true });
}

/** The files the package ships from among its sources' folders (package.json's `files`: the catalogue's data), read. */
function shippedAmong(pkg, sources) {
  const { files } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
  return files.filter((file) => sources.some((source) => file.startsWith(`${source}/`))).map((file) => [file, readFileSync(join(pkg, file))]);
}

/** This job, as the runner names it; undefined outside a job (then no install is reused). */
function thisJob(env) {
  const parts = [env.GITHUB_RUN_ID, env.GITHUB_RUN_ATTEMPT, env.GITHUB_JOB];
  return parts.every((part) => part && /^[\w.-]+$/.test(part)) ? parts.join('/') : undefined;
}

/** Whether `path` is the job's user's own, of `kind` (a directory or a file), no link, and writable by no one else. */
function ownPrivate(path, kind) {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (stat === undefined || process.getuid === undefined) return false;
  return (kind === 'directory' ? stat.isDirectory() : stat.isFile()) && stat.uid === process.getuid() && (stat.mode & 0o022) === 0;
}

/** The install this job made of these files, in `dir`: its folder and its `installed` file are the job's user's alone, and name them. */
function installedByThisJob(dir, stamp) {
  const marker = join(dir, 'installed');
  return stamp !== undefined && ownPrivate(dir, 'directory') && ownPrivate(marker, 'file') && readFileSync(marker, 'utf8') === stamp;
}

/**
 * A new folder for the install, private to the job's user: `dir` when it can be made now (an earlier one of the
 * job's user removed first), else a new one beside it; without the runner's temporary directory, a new one in the
 * system's. A folder found that is not the job's user's own is left as it is, and never used.
 */
function newFolder(temp, dir) {
  if (!temp) return mkdtempSync(join(tmpdir(), 'mockapi-conformance-'));
  const found = lstatSync(dir, { throwIfNoEntry: false });
  // an earlier folder of the job's user (of another job, or left half made) is removed; anything else is left
  if (found?.isDirectory() && found.uid === process.getuid?.()) rmSync(dir, { recursive: true, force: true });
  try {
    mkdirSync(dir, { mode: 0o700 });
    if (ownPrivate(dir, 'directory')) return dir;
  } catch {
    // taken: a folder of its own beside it
  }
  return mkdtempSync(join(temp, 'mockapi-conformance-'));
}

const [actionPath, temp] = process.argv.slice(2);
const sources = JSON.parse(readFileSync(join(actionPath, 'tsconfig.build.json'), 'utf8')).include;
const files = packageFiles(actionPath, sources);
const digest = digestOf(actionPath, files);
const job = thisJob(process.env);
const stamp = job === undefined ? undefined : `${digest}\n${job}\n`;
const named = temp ? join(temp, `mockapi-conformance-${digest.slice(0, 16)}`) : undefined;
const { version } = JSON.parse(readFileSync(join(actionPath, 'package.json'), 'utf8'));
const done = named !== undefined && installedByThisJob(named, stamp);
const dir = done ? named : newFolder(temp, named);
if (!done) {
  if (named !== undefined && dir !== named) process.stdout.write(`${named} is not a folder of this job's user alone: left as it is, and not used\n`);
  install(actionPath, files, sources, dir);
  if (stamp !== undefined) writeFileSync(join(dir, 'installed'), stamp, { mode: 0o600 });
}
process.stdout.write(
  `mockapi-conformance ${version} from ${actionPath} (sha256 ${digest}): ${done ? 'installed earlier in this job' : 'installed'} in ${dir}\n`,
);
setOutput('command', join(dir, 'package', 'bin', 'mockapi-conformance.js'));
