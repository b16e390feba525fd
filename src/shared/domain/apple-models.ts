/**
 * An iPhone's name as people know it ("iPhone 14 Pro"), from the product identifier it reports ("iPhone15,2": the
 * ProductName of the Authenticate check-in and of DeviceInformation, which the server keeps as the device's model).
 * A rental company counts its phones by the former; the latter means nothing to it. Shown wherever a device's model
 * is (the detail's summary, the dashboard's model chart and offline list, the export); an identifier not in the table
 * (a phone newer than it, an iPad) is shown as reported, and a model typed by hand as typed.
 */
import { deviceText } from '../messages/devices'
import { ANDROID_MODELS } from './android-models'

const IPHONES: Record<string, string> = {
  'iPhone10,1': 'iPhone 8',
  'iPhone10,4': 'iPhone 8',
  'iPhone10,2': 'iPhone 8 Plus',
  'iPhone10,5': 'iPhone 8 Plus',
  'iPhone10,3': 'iPhone X',
  'iPhone10,6': 'iPhone X',
  'iPhone11,2': 'iPhone XS',
  'iPhone11,4': 'iPhone XS Max',
  'iPhone11,6': 'iPhone XS Max',
  'iPhone11,8': 'iPhone XR',
  'iPhone12,1': 'iPhone 11',
  'iPhone12,3': 'iPhone 11 Pro',
  'iPhone12,5': 'iPhone 11 Pro Max',
  'iPhone12,8': deviceText.iphoneSe(2),
  'iPhone13,1': 'iPhone 12 mini',
  'iPhone13,2': 'iPhone 12',
  'iPhone13,3': 'iPhone 12 Pro',
  'iPhone13,4': 'iPhone 12 Pro Max',
  'iPhone14,4': 'iPhone 13 mini',
  'iPhone14,5': 'iPhone 13',
  'iPhone14,2': 'iPhone 13 Pro',
  'iPhone14,3': 'iPhone 13 Pro Max',
  'iPhone14,6': deviceText.iphoneSe(3),
  'iPhone14,7': 'iPhone 14',
  'iPhone14,8': 'iPhone 14 Plus',
  'iPhone15,2': 'iPhone 14 Pro',
  'iPhone15,3': 'iPhone 14 Pro Max',
  'iPhone15,4': 'iPhone 15',
  'iPhone15,5': 'iPhone 15 Plus',
  'iPhone16,1': 'iPhone 15 Pro',
  'iPhone16,2': 'iPhone 15 Pro Max',
  'iPhone17,3': 'iPhone 16',
  'iPhone17,4': 'iPhone 16 Plus',
  'iPhone17,1': 'iPhone 16 Pro',
  'iPhone17,2': 'iPhone 16 Pro Max',
  'iPhone17,5': 'iPhone 16e',
  'iPhone18,3': 'iPhone 17',
  'iPhone18,1': 'iPhone 17 Pro',
  'iPhone18,2': 'iPhone 17 Pro Max',
  'iPhone18,4': 'iPhone Air',
}

/**
 * The model as shown: the iPhone's name for a known product identifier, a Huawei's or Xiaomi's marketing name for a
 * known model code (issue #43), otherwise the model as stored.
 */
export function modelText(model: string): string {
  const code = model.trim()
  return IPHONES[code] ?? ANDROID_MODELS[code] ?? model
}

/** A reported product identifier with the iPhone's name before it ("iPhone 14 Pro（iPhone15,2）"), or as reported. */
export function productText(productName: string): string {
  const name = IPHONES[productName.trim()]
  return name ? `${name}（${productName.trim()}）` : productName
}
