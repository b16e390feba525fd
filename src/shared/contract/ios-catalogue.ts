import { z } from 'zod'
import { successMessages } from '../messages/common'
import { access, endpoint, noData, noRequest, type Endpoint } from './endpoint'
import { idSchema } from './id'

/** The iOS detail reads with ios:device; what changes a catalogue or sends to a device is a command (ios:command). */
export const iosRead = access.authority('ios:device')
export const iosCommand = access.authority('ios:command')

const addedResponse = z.object({ id: z.number() })

/**
 * A company's catalogue that the iOS detail sends from, its apps or its wallpapers (issue #14): GET <path>/list
 * answers every item, POST <path>/<add.name> adds one (a form, or a file) and answers its id, POST <path>/delete
 * takes one away.
 */
export function catalogueEndpoints<Item extends z.ZodType, AddName extends string, AddRequest extends z.ZodType>(catalogue: {
  path: string
  item: Item
  add: { name: AddName; request: AddRequest }
  deleted: string
}) {
  const { path, item, add, deleted } = catalogue
  const added = { [add.name]: endpoint({ base: 'main', method: 'POST', path: `${path}/${add.name}`, access: iosCommand, request: add.request, response: addedResponse, success: successMessages.save }) }
  return {
    list: endpoint({ base: 'main', method: 'GET', path: `${path}/list`, access: iosRead, request: noRequest, response: z.array(item) }),
    ...(added as Record<AddName, Endpoint<AddRequest, typeof addedResponse>>),
    delete: endpoint({ base: 'main', method: 'POST', path: `${path}/delete`, access: iosCommand, request: z.object({ id: idSchema }), response: noData, success: deleted }),
  }
}
