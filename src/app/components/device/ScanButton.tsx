import { ScanCodeOutline } from 'antd-mobile-icons'
import { Button } from 'antd-mobile'
import { scanText as t } from '../../../shared/messages/scan'

/**
 * 扫码 (issue #43 item 6): reads a serial number or IMEI barcode with the camera and hands it on. The scanner and its
 * reader (ZXing's WebAssembly, ~1 MB) are fetched on the first tap, never with a list's first paint.
 */
export function ScanButton({ onScan, className, label = t.scan }: { onScan: (value: string) => void; className?: string; label?: string }) {
  return (
    <Button
      type="button"
      className={className}
      aria-label={label}
      onClick={async () => {
        const { scanBarcode } = await import('./barcode-scanner')
        const value = await scanBarcode()
        if (value) onScan(value)
      }}
    >
      <ScanCodeOutline fontSize={20} />
    </Button>
  )
}
