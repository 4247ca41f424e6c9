// @ts-check
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { Converter, ReflectionKind } from 'typedoc'

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
