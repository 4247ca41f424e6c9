import { mount } from '@vue/test-utils'
import { expect, it } from 'vitest'
import { defineComponent, getCurrentInstance, h, version } from 'vue'

// vitest.config.ts runs the suite on the current Vue, vitest.vue33.config.ts on Vue 3.3, the oldest
// of the peer range: each sets the version it expects.
it('runs on the Vue version this project is meant to test, and @vue/test-utils on the same copy', () => {
  expect(version.startsWith(process.env.EXPECTED_VUE_VERSION!)).toBe(true)
  let instance: ReturnType<typeof getCurrentInstance> | undefined
  const wrapper = mount(
    defineComponent({
      setup() {
        instance = getCurrentInstance()
        return () => h('p')
      },
    }),
  )
  expect(instance).toBeTruthy()
  expect(wrapper.vm.$.appContext.app.version).toBe(version)
})
