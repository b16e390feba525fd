import type { AuthorityNode } from '../../../shared/domain/authorities'
import { SelectBox } from '../../components/SelectBox'

const leaves = (n: AuthorityNode): string[] => (n.children ? n.children.flatMap(leaves) : [n.id])

interface AuthorityTreePickerProps {
  tree: AuthorityNode[]
  value?: string[]
  onChange?: (value: string[]) => void
}

/**
 * The authority tree of a role (SPEC §3) as checkboxes: a group's box selects or clears all of its authorities and
 * shows "partly" when some are chosen. Works as an antd-mobile Form control (value / onChange).
 */
export function AuthorityTreePicker({ tree, value = [], onChange }: AuthorityTreePickerProps) {
  const chosen = new Set(value)
  const set = (ids: string[], on: boolean) => {
    const next = new Set(chosen)
    for (const id of ids) {
      if (on) next.add(id)
      else next.delete(id)
    }
    onChange?.([...next])
  }
  return (
    <div className="authority-tree">
      {tree.map((node) => {
        if (!node.children) {
          return (
            <SelectBox key={node.id} checked={chosen.has(node.id)} onChange={(on) => set([node.id], on)}>
              {node.name}
            </SelectBox>
          )
        }
        const ids = leaves(node)
        const count = ids.filter((id) => chosen.has(id)).length
        return (
          <div key={node.id} role="group" aria-label={node.name}>
            <SelectBox checked={count === ids.length} indeterminate={count > 0 && count < ids.length} onChange={(on) => set(ids, on)}>
              {node.name}
            </SelectBox>
            <div className="authority-children">
              {node.children.map((child) => (
                <SelectBox key={child.id} checked={chosen.has(child.id)} onChange={(on) => set(leaves(child), on)}>
                  {child.name}
                </SelectBox>
              ))}
            </div>
          </div>
        )
      })}
    </div>
  )
}
