import { and, eq, ilike, like, or, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { DeviceExportQuery } from '../../../shared/contract/huawei-device'
import { deviceAreaAuthorities } from '../../../shared/domain/device-areas'
import { isImei } from '../../../shared/domain/device-list-order'
import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import { visibleDeviceCondition, visibleDeviceShape, visibleDeviceValues } from '../../auth/scope'
import type { CurrentUser } from '../../auth/sessions'
import { Lru } from '../../cache/lru'
import type { Db } from '../../db/client'
import { likePattern } from '../../db/like'
import type { CountHints } from '../../db/paging'
import { deviceListWeeks, devices, type Platform } from '../../db/schema'
import { SHAPES_KEPT, type Shape } from '../../db/shaped'
import { ApiError } from '../../http/errors'
import { connectionStatusParts, connectionStatusRange, statusBoundPlaceholders, statusBoundValues } from './list-row'

/** What a device search or export asks for (the search adds its page). */
export type ListInput = z.output<typeof DeviceExportQuery>

/** A list's conditions (DeviceListConditions.of): what it matches, and how its total may be found. */
export interface ListConditions {
  where: SQL | undefined
  hints: CountHints
  /** The same rows as `where`, for a statement that reads all of them (the counted page). */
  matching?: SQL
  /** The scope on the list's weeks (deepPage), for a list of only its scope. */
  weeks?: () => Promise<SQL | undefined>
}

/** The conditions of one shape, on placeholders (DeviceListConditions.shapeConditions); `scopeOnly`: no filter but the scope. */
type ShapeConditions = Omit<ListConditions, 'weeks'> & { scopeOnly?: true }

/**
 * Chinese characters only (names, surnames): they have no case, so the text's case-sensitive LIKE finds what ILIKE would
 * (ILIKE lower-cases every candidate first: 0.65 against 0.09 µs a row here, ~0.5 ms of a renter search's 834 candidates
 * at 1M devices), and stays the cheap first test when a plan reads rows without the grams index. Anything else, ILIKE.
 */
export const caseless = (typed: string): boolean => /^\p{Script=Han}+$/u.test(typed)

/**
 * The conditions of one platform's device lists (DeviceRegistry's search and export), each shape's built once
 * (db/shaped.ts).
 */
export class DeviceListConditions {
  constructor(
    private readonly db: Db,
    private readonly platform: Platform,
  ) {}

  /**
   * The search and export conditions; the recycle bin is read only with its own authority (console and open API).
   * Their values are placeholders (db/shaped.ts): the conditions and every statement made of them are built once per
   * shape (which filters, how many visible companies …) and run with the values (`hints.shape`).
   * The hints tell paged() how the total may be found: `plain` when only the scope is asked for; `parts`, a connection
   * status's disjoint parts, counted one by one (the whole contact buckets from the index alone); `broad` leaves out
   * the connection status of the recycle bin, which no index serves (devices_contact_bucket_idx holds the devices in use).
   */
  async of(user: CurrentUser, q: ListInput, now: Date): Promise<ListConditions & { hints: CountHints & { shape: Shape } }> {
    if (q.recycleStatus && !user.authorities.includes(deviceAreaAuthorities[this.platform].recycle)) {
      throw ApiError.forbidden(t.recycleForbidden)
    }
    const scope = visibleDeviceShape(await visibleDeviceValues(this.db, user))
    const values: Record<string, unknown> = { ...scope.values }
    if (q.serialNumber) values.serialPattern = likePattern(q.serialNumber)
    // Issue #43: a scanned or typed IMEI (15 digits) finds its phone too, by the exact IMEI (devices_imei_idx).
    const imei = isImei(q.serialNumber)
    if (imei) values.imei = q.serialNumber
    if (q.renterName) Object.assign(values, { renterText: q.renterName, renterPattern: likePattern(q.renterName) })
    if (q.renterPhone) values.phonePattern = likePattern(q.renterPhone)
    if (q.connectionStatus) Object.assign(values, statusBoundValues(now))
    const renter = q.renterName ? (caseless(q.renterName) ? 'like' : 'ilike') : ''
    const key = [this.platform, q.recycleStatus ? 'bin' : 'use', scope.key, q.serialNumber ? (imei ? 'serial+imei' : 'serial') : '', renter, q.renterPhone ? 'phone' : '', q.connectionStatus ?? ''].join('|')
    let built = this.shapes.get(key)
    if (!built) this.shapes.set(key, (built = this.shapeConditions(q, scope.condition(), renter, imei)))
    const shape = { key, values }
    const { scopeOnly, ...conditions } = built
    if (!scopeOnly) return { ...conditions, hints: { ...built.hints, shape } }
    // The same scope on the list's weeks, built only for a deep page (deepPage).
    const weeks = async () => and(eq(deviceListWeeks.platform, this.platform), eq(deviceListWeeks.recycleStatus, q.recycleStatus), await visibleDeviceCondition(this.db, user, deviceListWeeks))
    return { ...conditions, hints: { ...built.hints, shape }, weeks }
  }

  /** The conditions of one shape, kept by of(). */
  private readonly shapes = new Lru<string, ShapeConditions>(SHAPES_KEPT)

  private shapeConditions(q: ListInput, visible: SQL | undefined, renter: string, imei: boolean): ShapeConditions {
    const value = sql.placeholder
    const scope = and(eq(devices.platform, this.platform), eq(devices.recycleStatus, q.recycleStatus), visible)
    const filters = [
      // An IMEI's devices are found by it exactly or by a serial holding it: the two indexes' bitmaps OR'd together.
      q.serialNumber
        ? imei
          ? or(ilike(devices.serialNumber, value('serialPattern')), eq(devices.imei, value('imei')))
          : ilike(devices.serialNumber, value('serialPattern'))
        : undefined,
      // The pairs index finds the candidates (devices_renter_name_grams_idx), ILIKE keeps those holding the text.
      renter
        ? and(
            sql`mdm_platform_grams(${devices.platform}, ${devices.renterName}) @> mdm_platform_search_grams(${this.platform}, ${value('renterText')})`,
            (renter === 'like' ? like : ilike)(devices.renterName, value('renterPattern')),
          )
        : undefined,
      q.renterPhone ? ilike(devices.renterPhone, value('phonePattern')) : undefined,
    ].filter((c) => c !== undefined)
    const broad = and(scope, ...filters)
    if (!q.connectionStatus) return filters.length ? { where: broad, hints: { textFilter: true } } : { where: broad, hints: { plain: true }, scopeOnly: true }
    const parts = connectionStatusParts(q.connectionStatus, statusBoundPlaceholders)
    const where = and(broad, or(...parts))
    // devices_contact_bucket_idx (the dashboard's) serves the status of devices in use; in the bin it is unindexed.
    if (q.recycleStatus) return { where, hints: { broad } }
    // The same rows for a statement that reads all of them (the counted page): one range, cheaper to plan and run.
    const matching = and(broad, connectionStatusRange(q.connectionStatus, statusBoundPlaceholders))
    return { where, hints: { parts: parts.map((part) => sql`(${broad}) and ${part}`) }, matching }
  }
}
