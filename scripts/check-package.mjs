#!/usr/bin/env node
// `pnpm check:package` in a public package (turbo runs it after the build): packs the package as
// `pnpm publish` would and checks the tarball a user gets, not the working tree.
//
// 1. The packed `exports` carry no `@webmcp-kit/source` condition (it points at `src/`, which is not
//    published): `publishConfig.exports` must be `exports` with that condition removed, so a new
//    entry added to one and not the other fails here, whatever the entry is.
// 2. Every path the packed package.json names (exports, main, types, bin) is in the tarball, and
//    so is LICENSE.
// 3. `publint --strict` and `attw --profile esm-only` (every package here is ESM only) on the tarball.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'

const SOURCE_CONDITION = '@webmcp-kit/source'
const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.bin')

/**
 * `exports` with the source condition removed at every level.
 *
 * @param {unknown} exports
 * @returns {unknown}
 */
function withoutSourceCondition(exports) {
  if (exports === null || typeof exports !== 'object') return exports
  if (Array.isArray(exports)) return exports.map(withoutSourceCondition)
  return Object.fromEntries(
    Object.entries(exports)
      .filter(([key]) => key !== SOURCE_CONDITION)
      .map(([key, value]) => [key, withoutSourceCondition(value)]),
  )
}

/**
 * Every target path in an `exports` value, with the conditions that lead to it.
 *
 * @param {unknown} value
 * @param {string[]} path
 * @returns {Generator<{ path: string[], target: string }>}
 */
function* targets(value, path = []) {
  if (typeof value === 'string') yield { path, target: value }
  else if (Array.isArray(value)) for (const item of value) yield* targets(item, path)
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) yield* targets(item, [...path, key])
}

/** @param {string} packageDir */
function check(packageDir) {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'))
  const problems = []
  if (manifest.private) throw new Error(`${manifest.name} is private: it is not published`)

  const expected = withoutSourceCondition(manifest.exports)
  if (!isDeepStrictEqual(manifest.publishConfig?.exports, expected)) {
    problems.push(
      `publishConfig.exports must be exports without the "${SOURCE_CONDITION}" condition ` +
        `(pnpm publishes it in place of exports, so the published package points at no src/ file):\n` +
        JSON.stringify(expected, null, 2),
    )
  }

  const out = mkdtempSync(join(tmpdir(), 'check-package-'))
  try {
    execFileSync('pnpm', ['pack', '--pack-destination', out], {
      cwd: packageDir,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    const tarball = join(out, readdirSync(out).find((file) => file.endsWith('.tgz')) ?? '')
    const files = new Set(
      execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map((file) => file.replace(/^package\//, '')),
    )
    const packed = JSON.parse(
      execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
    )

    for (const { path, target } of targets(packed.exports)) {
      if (path.includes(SOURCE_CONDITION))
        problems.push(`the packed exports keep "${path.join('" > "')}" -> ${target}`)
      else if (!target.includes('*') && !files.has(target.replace(/^\.\//, '')))
        problems.push(`the packed exports name ${target} ("${path.join('" > "')}"): not packed`)
    }
    const named = [packed.main, packed.module, packed.types, ...Object.values(packed.bin ?? {})]
    for (const target of named.filter(Boolean)) {
      if (!files.has(target.replace(/^\.\//, '')))
        problems.push(`${target} is named but not packed`)
    }
    if (!files.has('LICENSE')) problems.push('LICENSE is not packed')
    if (JSON.stringify(packed).includes('workspace:'))
      problems.push('the packed package.json keeps a workspace: range')

    /** @type {Array<[string, string[]]>} */
    const tools = [
      ['publint', ['run', '--strict', tarball]],
      ['attw', [tarball, '--profile', 'esm-only']],
    ]
    for (const [tool, args] of tools) {
      const { status } = spawnSync(join(bin, tool), args, { stdio: 'inherit' })
      if (status !== 0) problems.push(`${tool} failed (above)`)
    }
    return { name: manifest.name, files: files.size, problems }
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { name, files, problems } = check(process.cwd())
  if (problems.length) {
    console.error(`\n${name}: ${problems.length} problem(s) in the packed package:`)
    for (const problem of problems) console.error(`- ${problem}`)
    process.exit(1)
  }
  console.log(`\n${name}: the packed package (${files} files) is clean: publint --strict, attw`)
}
