import { connectionStatus, connectionStatusLabels } from '../../../shared/domain/connection-status'
import { modelText } from '../../../shared/domain/apple-models'
import { formatDate } from '../../../shared/domain/format'
import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import type { Cell } from '../../http/xlsx'
import type { DeviceListRow } from './list-row'

/** One column of a device export: its header and its cell of a row. */
export interface ExportColumn {
  header: string
  cell(row: DeviceListRow, now: Date): Cell
}

/** The export columns every family has; a family lists the ones it wants, in its order, with its own. */
export const commonExportColumns = {
  serialNumber: { header: t.serialNumber, cell: (r) => r.serialNumber },
  imei: { header: t.imei, cell: (r) => r.imei },
  model: { header: t.model, cell: (r) => modelText(r.model) },
  name: { header: t.deviceName, cell: (r) => r.name },
  osVersion: { header: t.osVersion, cell: (r) => r.osVersion },
  status: { header: t.status, cell: (r, now) => connectionStatusLabels[connectionStatus(r.lastCommunicationTime, now)] },
  lastCommunicationTime: { header: t.lastCommunicationTime, cell: (r) => (r.lastCommunicationTime ? formatDate(r.lastCommunicationTime) : t.neverCommunicated) },
  company: { header: t.company, cell: (r) => r.companyName },
  staff: { header: t.staff, cell: (r) => r.staffName ?? '' },
  renterName: { header: t.renterName, cell: (r) => r.renterName },
  renterPhone: { header: t.renterPhone, cell: (r) => r.renterPhone },
  renterIdCard: { header: t.renterIdCard, cell: (r) => r.renterIdCard },
  rentRemark: { header: t.rentRemark, cell: (r) => r.rentRemark },
  createdAt: { header: t.createdAt, cell: (r) => formatDate(r.createdAt) },
} satisfies Record<string, ExportColumn>
