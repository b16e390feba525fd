import { useEffect, useRef, useState } from 'react'
import { Button } from 'antd-mobile'
import { BarcodeDetector as ZxingDetector, setZXingModuleOverrides } from 'barcode-detector/ponyfill'
import readerWasm from 'zxing-wasm/reader/zxing_reader.wasm?url'
import { scanText as t } from '../../../shared/messages/scan'
import { popups } from '../lazy-popups'

/** The codes on a phone's box and SIM tray label: serial numbers and IMEIs are Code 128 (sometimes Code 39 / QR). */
const FORMATS = ['code_128', 'code_39', 'ean_13', 'itf', 'qr_code', 'data_matrix'] as const

// The reader's WebAssembly comes from this origin (the ponyfill would fetch it from a CDN, which the CSP and an
// offline phone refuse).
setZXingModuleOverrides({ locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? readerWasm : prefix + path) })

interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>
}

/** The browser's own BarcodeDetector where it has one that reads these codes (Android Chrome), else ZXing's. */
async function detector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: { new (o: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> } }).BarcodeDetector
  if (native) {
    const supported = await native.getSupportedFormats().catch(() => [] as string[])
    const formats = FORMATS.filter((f) => supported.includes(f))
    if (formats.includes('code_128')) return new native({ formats })
  }
  return new ZxingDetector({ formats: [...FORMATS] })
}

/** What a scanned code says, as a serial number or an IMEI is typed: trimmed, upper-cased (SPEC §5), no spaces. */
export const scannedValue = (raw: string) => raw.replace(/\s+/g, '').toUpperCase()

function Scanner({ onResult, onClose }: { onResult: (value: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null)
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => {
    let stream: MediaStream | undefined
    let stopped = false
    let frame = 0
    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      } catch {
        setProblem(t.noCamera)
        return
      }
      if (stopped) return stream.getTracks().forEach((track) => track.stop())
      const el = video.current!
      el.srcObject = stream
      await el.play().catch(() => undefined)
      const reader = await detector()
      // One frame read at a time, as fast as the reader goes: a phone's camera gives a code in well under a second.
      const read = async () => {
        if (stopped) return
        if (el.readyState >= 2) {
          const codes = await reader.detect(el).catch(() => [])
          const value = codes.map((c) => scannedValue(c.rawValue)).find(Boolean)
          if (value && !stopped) return onResult(value)
        }
        frame = requestAnimationFrame(() => void read())
      }
      void read()
    }
    void start()
    return () => {
      stopped = true
      cancelAnimationFrame(frame)
      stream?.getTracks().forEach((track) => track.stop())
    }
  }, [onResult])
  return (
    <div className="barcode-scanner" data-testid="barcode-scanner">
      {problem ? (
        <p role="alert">{problem}</p>
      ) : (
        <>
          <video ref={video} muted playsInline aria-label={t.viewfinder} />
          <p className="barcode-scanner-hint">{t.hint}</p>
        </>
      )}
      <Button block onClick={onClose}>
        {t.cancel}
      </Button>
    </div>
  )
}

/** Opens the camera over the screen until a serial number or IMEI barcode is read; resolves with it, or null when closed. */
export async function scanBarcode(): Promise<string | null> {
  const { Dialog } = await popups()
  return new Promise((resolve) => {
    let settled = false
    const finish = (value: string | null) => {
      if (settled) return
      settled = true
      resolve(value)
      handler.close()
    }
    const handler = Dialog.show({
      title: t.title,
      content: <Scanner onResult={(v) => finish(v)} onClose={() => finish(null)} />,
      closeOnMaskClick: true,
      onClose: () => finish(null),
    })
  })
}
