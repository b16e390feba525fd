import { describe, expect, it } from 'vitest'
import { routeTable } from '../shared/domain/routes'
import { screens } from './screens'

describe('screens', () => {
  it('has a screen for exactly the routes the route table calls built (the others show a placeholder)', () => {
    const built = routeTable.filter((r) => r.built).map((r) => r.path).sort()
    expect(Object.keys(screens).sort()).toEqual(built)
  })
})
