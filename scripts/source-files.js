/**
 * The source files the repository's checks read (function lengths, error codes, the shells' game names and
 * dynamics): one walk of the packages' `src` folders, so that every check sees the same files.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The TypeScript sources below `dir`, sorted: tests (`*.test.ts[x]`), declaration files and node_modules left out,
 * and whatever `skip(name, isFolder)` names (a check's own exceptions, such as test support).
 */
export function sourceFiles(dir, skip = () => false) {
  const found = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const folder = statSync(path).isDirectory();
    if (name === 'node_modules' || skip(name, folder)) continue;
    if (folder) found.push(...sourceFiles(path, skip));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** The `src` folder of each package under `root/packages` that has one, by package name. */
export function packageSourceFolders(root) {
  const packages = join(root, 'packages');
  return readdirSync(packages)
    .sort()
    .map((name) => ({ name, src: join(packages, name, 'src') }))
    .filter(({ src }) => isFolder(src));
}

/** A file's code without its comments (block comments, and lines that are a line comment), for checks on code. */
export function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

function isFolder(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
