import { param } from '../../components/search-params'
/*
 * The page parameters naming a device, apart from the families (area.ts), whose command declarations carry dialogs:
 * the URL parsers (queries.ts) are read without them.
 */

/** SPEC §2: the Huawei detail reads the device id from the huawei-device-id page parameter. */
export const HUAWEI_DEVICE_ID_PARAM = 'huawei-device-id'
export const MI_DEVICE_ID_PARAM = 'mi-device-id'

/** The Mi detail's parameter as the Mi list reads it (the Mi area has no detail route); the shell titles by it too. */
export const miDetailSearch = { [MI_DEVICE_ID_PARAM]: param.id }
