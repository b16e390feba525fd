import { describe, expect, it } from 'vitest'
import { errorMessages } from '../../shared/messages/common'
import { describeScreenError } from './screen-error'

describe('describeScreenError', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://localhost:8080/assets/SidePanel-B-GbMfpl.js',
    'error loading dynamically imported module: http://localhost/assets/a.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/index.css',
  ])('asks for a reload when a chunk could not be fetched: %s', (message) => {
    expect(describeScreenError(new Error(message))).toEqual({ message: errorMessages.chunkLoadFailed, reload: true })
  })

  it('keeps our own Chinese messages, such as the chunk timeout, and offers to try again', () => {
    expect(describeScreenError(new Error(errorMessages.chunkLoadTimeout))).toEqual({ message: errorMessages.chunkLoadTimeout, reload: false })
  })

  it('never shows a browser\'s English text', () => {
    expect(describeScreenError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toEqual({ message: errorMessages.screenFailed, reload: false })
    expect(describeScreenError(undefined)).toEqual({ message: errorMessages.screenFailed, reload: false })
  })
})
