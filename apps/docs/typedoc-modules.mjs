// @ts-check
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { Converter, ReflectionKind } from 'typedoc'

/**
 * Types a package's public ones are written with but that are no part of its API, by package (the
 * `intentionallyNotExported` of that package alone: TypeDoc checks each package with its own options,
 * and warns of a listed name that a package does not reference). Core's schema inference works
 * through helper types, whose names a reader of `InferToolInput` or `InferJSONSchema` sees unlinked;
 * `ToolActivatedEvent` and `ToolCancelEvent` are made by one function, whose class TypeDoc names
 * `__class` (`@class` on them would show them as classes, but TypeDoc 0.28 then fails to serialise
 * the package).
 *
 * @type {Record<string, string[]>}
 */
const NOT_EXPORTED = {
  '@webmcp-kit/core': [
    ...[
      'StandardInput',
      'StandardOutput',
      'AsToolInput',
      'Combine',
      'Members',
      'Intersection',
      'Base',
    ].map((name) => `contract/infer.ts:${name}`),
    'webmcp/events.ts:__class',
  ],
}

/**
 * Names each entry module of a package with several (core, testing) by its import specifier
 * (`@webmcp-kit/core/json-schema`) rather than by its source file (`contract/json-schema`), from the
 * package's `exports`.
 *
 * @param {import('typedoc').Application} app
 */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const { project } = context
    // The options of the package being converted, which its check reads once it is converted.
    app.options.setValue('intentionallyNotExported', NOT_EXPORTED[project.packageName ?? ''] ?? [])
    for (const module of project.getChildrenByKind(ReflectionKind.Module)) {
      const file = module.sources?.[0]?.fullFileName
      if (!file) continue
      let root = dirname(file)
      while (!existsSync(join(root, 'package.json'))) root = dirname(root)
      /** @type {{ name: string, exports: Record<string, string | Record<string, string>> }} */
      const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
      const source = `./${relative(root, file)}`
      for (const [path, target] of Object.entries(manifest.exports)) {
        if (typeof target === 'object' && target['@webmcp-kit/source'] === source) {
          module.name = `${manifest.name}${path.slice(1)}`
        }
      }
    }
  })
}
