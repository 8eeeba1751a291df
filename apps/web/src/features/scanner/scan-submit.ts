import type { AppService, ScanAnswerInput, ScanInput, ScanResult } from '@scanbase/contracts/scanner';
import { v7 as uuidv7 } from 'uuid';
import { V2Error } from '../../api/v2-client';
import { isPassingFailure } from './offline-queue';

/** How a value reached the scanner (sent as the scan property `capture_type`). */
export type CaptureType = 'camera' | 'manual' | 'wedge';

/** One captured value, before questions and submission. */
export type Capture = { value: string; captureType: CaptureType; clientScanId: string; scannedAt: string };

/**
 * Stamps a value at the moment of capture: a client scan id (idempotent retries) and the device time. The id is a
 * UUID version 7, which starts with the time: the server's unique index of client ids then grows at its end, as its
 * other indexes of new scans do, instead of at a random page per scan (about 10% more scans a second; docs/SCANS.md).
 */
export function capture(value: string, captureType: CaptureType, now = new Date(), makeId: () => string = uuidv7): Capture {
  return { value, captureType, clientScanId: makeId(), scannedAt: now.toISOString() };
}

/** The browser's IANA time zone (`time_zone`), or UTC when it cannot say. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export type GpsFix = { latitude: number; longitude: number; accuracy?: number };

/** `gps_location` as "latitude,longitude" with 6 decimals (about 10 cm). */
export function gpsText(fix: GpsFix): string {
  return `${fix.latitude.toFixed(6)},${fix.longitude.toFixed(6)}`;
}

/** The body of app/scan (and of one app/upload item); `extra` are the person's choices (`direction`, `checklist`). */
export function scanBody(service: AppService, taken: Capture, answers: ScanAnswerInput[], gps: GpsFix | null, timeZone = deviceTimeZone(), extra: Record<string, string> = {}): ScanInput & { scannedAt: string } {
  const properties: Record<string, string> = { ...extra, capture_type: taken.captureType, time_zone: timeZone };
  if (service.enableGps && gps) properties.gps_location = gpsText(gps);
  return { serviceId: service.id, value: taken.value, clientScanId: taken.clientScanId, scannedAt: taken.scannedAt, answers, properties };
}

/** On-device services judge (or just record) on the device and upload in batches: they always go through the queue. */
export function isOnDevice(service: AppService): boolean {
  return service.validationMethod === 'ondevicerecord' || service.validationMethod === 'ondevicedatabase';
}

export type SubmitOutcome =
  | { kind: 'result'; result: ScanResult }
  /** Kept on this device; it is sent when the connection is back. */
  | { kind: 'queued'; reason: 'offline' | 'on-device' }
  /** The server refused the scan (not the connection): nothing is queued. */
  | { kind: 'refused'; error: V2Error }
  /** The app token is no longer accepted; the scan is queued for after the next sign-in. */
  | { kind: 'signed-out' };

export type SubmitDeps = {
  online: boolean;
  send: (body: ScanInput) => Promise<ScanResult>;
  enqueue: (body: ScanInput & { scannedAt: string }) => Promise<void>;
};

/** Sends a scan, or queues it when there is no connection (or it fails on the way) or the service works on the device. */
export async function submitScan(service: AppService, body: ScanInput & { scannedAt: string }, deps: SubmitDeps): Promise<SubmitOutcome> {
  if (isOnDevice(service)) {
    await deps.enqueue(body);
    return { kind: 'queued', reason: 'on-device' };
  }
  if (!deps.online) {
    await deps.enqueue(body);
    return { kind: 'queued', reason: 'offline' };
  }
  try {
    return { kind: 'result', result: await deps.send(body) };
  } catch (error) {
    if (error instanceof V2Error && error.code === 'AUTH_FAILED') {
      await deps.enqueue(body);
      return { kind: 'signed-out' };
    }
    if (isPassingFailure(error)) {
      await deps.enqueue(body);
      return { kind: 'queued', reason: 'offline' };
    }
    return { kind: 'refused', error: error as V2Error };
  }
}

/** Web content of a webview service description: a page to load, inline HTML, or plain text. */
export type WebContent = { kind: 'url'; url: string } | { kind: 'html'; html: string } | { kind: 'text'; text: string };

export function webContent(description: string): WebContent {
  const text = description.trim();
  const curl = /^<curl>([\s\S]*)<\/curl>$/i.exec(text);
  if (curl) {
    const url = (curl[1] ?? '').trim();
    if (/^https?:\/\//i.test(url) && URL.canParse(url)) return { kind: 'url', url };
    return { kind: 'text', text: url };
  }
  if (/^<html[\s>]/i.test(text)) return { kind: 'html', html: text };
  return { kind: 'text', text };
}
