import { readFileSync } from 'node:fs'
import { parse } from 'webidl2'
import type { Argument, InterfaceType } from 'webidl2'

/** One member of an interface of `src/webmcp/webmcp.idl`, as the WebIDL checks need it. */
export interface IdlMember {
  name: string
  kind: 'attribute' | 'operation'
  /** A read-only attribute (no setter). */
  readonly: boolean
  /** An operation's `length`: its arguments up to the last required one. */
  length: number
}

/** An interface (or partial interface) of `src/webmcp/webmcp.idl`. */
export interface IdlInterface {
  name: string
  partial: boolean
  /** The inherited interface (`EventTarget`, `Event`), `null` for none. */
  inheritance: string | null
  /** The constructor's `length`; `null` when the interface has no constructor. */
  constructorLength: number | null
  members: IdlMember[]
}

/** WebIDL's length of an argument list: the arguments before the first optional or variadic. */
const length = (args: Argument[]) => {
  const first = args.findIndex((arg) => arg.optional || arg.variadic)
  return first < 0 ? args.length : first
}

/** The interfaces of `src/webmcp/webmcp.idl`, read with webidl2 (the parser of WPT's idlharness). */
export function readIdl(): IdlInterface[] {
  const text = readFileSync(new URL('../src/webmcp/webmcp.idl', import.meta.url), 'utf8')
  return parse(text)
    .filter((node): node is InterfaceType => node.type === 'interface')
    .map((node) => {
      const constructor = node.members.find((member) => member.type === 'constructor')
      const members: IdlMember[] = []
      for (const member of node.members) {
        if (member.type === 'attribute') {
          members.push({
            name: member.name,
            kind: 'attribute',
            readonly: member.readonly,
            length: 0,
          })
        } else if (member.type === 'operation' && member.name) {
          members.push({
            name: member.name,
            kind: 'operation',
            readonly: false,
            length: length(member.arguments),
          })
        }
      }
      return {
        name: node.name,
        partial: node.partial,
        inheritance: node.inheritance,
        constructorLength: constructor ? length(constructor.arguments) : null,
        members,
      }
    })
}
