#!/usr/bin/env node
/**
 * The error codes the packages' sources write (packages/<name>/src/**\/*.ts and .tsx; tests, declaration files and
 * the vocabularies themselves, codes.ts, left out), for the check that each is declared in one vocabulary
 * (scripts/error-codes.test.ts, docs/developing.md "Error codes"). A code is a string literal of the form
 * `area/kebab-case`; module specifiers are not codes, and NOT_CODES names the few literals of that form that are
 * something else (a media type, a seed).
 *
 *   node scripts/error-codes.js     prints each code with the files that write it
 *
 * Literals are found with the TypeScript compiler's parser, so comments and prose in messages do not count. A code
 * built from a template (`stream/${code}`) cannot be checked: write codes whole.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { packageSourceFolders, sourceFiles } from './source-files.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A code's form: an area and a name, each lower-case words joined by dashes. */
export const CODE_FORM = /^[a-z][a-z0-9]*(-[a-z0-9]+)*\/[a-z0-9]+(-[a-z0-9]+)*$/;

/** Codes older than the form, kept as they are because codes are contracts (ours: never renamed). */
export const LEGACY_CODES = ['not-found'];

/** Media types (`application/json`, `text/plain`): their top-level types are no error area. */
export const MEDIA_TYPE = /^(application|audio|font|image|message|model|multipart|text|video)\//;

/** Other literals of the code's form that are not codes: a hash seed, a test's path. */
export const NOT_CODES = [
  /** The seed of Tactics' Zobrist keys. */
  'tactica/tactics',
  /** A save title the store conformance kit refuses (it would name another path). */
  'a/b',
];

/** The string literals of `text` that have a code's form (or are a legacy code), with their lines. */
export function codeLiteralsOf(text, path = 'file.ts') {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const legacy = new Set(LEGACY_CODES);
  const notCodes = new Set(NOT_CODES);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isImportTypeNode(node)) return;
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const literal = node.text;
      if ((CODE_FORM.test(literal) && !notCodes.has(literal) && !MEDIA_TYPE.test(literal)) || legacy.has(literal)) {
        found.push({ code: literal, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every code literal of the packages' sources: code, file (relative to the root, forward slashes), line. */
export function collect(root = ROOT) {
  const all = [];
  for (const { src } of packageSourceFolders(root)) {
    // A vocabulary declares codes; the check is over the code that writes them.
    for (const path of sourceFiles(src, (name, folder) => !folder && name === 'codes.ts')) {
      const file = relative(root, path).split(sep).join('/');
      for (const c of codeLiteralsOf(readFileSync(path, 'utf8'), path)) all.push({ ...c, file });
    }
  }
  return all;
}

/** The packages that declare a vocabulary: those with a `src/codes.ts`. */
export function vocabularyFiles(root = ROOT) {
  const packages = join(root, 'packages');
  return readdirSync(packages)
    .sort()
    .map((name) => join(packages, name, 'src', 'codes.ts'))
    .filter((path) => {
      try {
        return statSync(path).isFile();
      } catch {
        return false;
      }
    });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const byCode = new Map();
  for (const c of collect()) byCode.set(c.code, [...(byCode.get(c.code) ?? []), `${c.file}:${c.line}`]);
  for (const [code, where] of [...byCode].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`${code}  ${where.length}  ${where[0]}${where.length > 1 ? ' …' : ''}`);
  }
  console.log(`${byCode.size} codes written in the sources`);
}
