import type { AppQuestion, AppService, ScanResult } from '@scanbase/contracts/scanner';
import { z } from 'zod';
import type { KeyValueStore } from '../../session/storage';

// The generic scanner options of specialized services (docs/SPECIALIZED-SERVICES.md): a direction chosen
// for the session (fast) or for each scan (confirm), and a checklist confirmed before sending. The
// choices travel as scan properties (`direction`, `checklist`), so the offline queue keeps them.

export type Direction = 'in' | 'out';
const when = z.enum(['in', 'out', 'both']);
const options = z.object({
  direction: z.enum(['fast', 'confirm']).optional().catch(undefined),
  checklist: z.object({ when: when.catch('both'), items: z.array(z.string()).catch([]) }).optional().catch(undefined),
  questionsAt: z.record(z.string(), when).optional().catch(undefined),
});

/** What the scanner asks before sending a scan of this service. */
export type DirectionOptions = {
  direction: 'fast' | 'confirm' | null;
  checklist: { when: 'in' | 'out' | 'both'; items: string[] } | null;
  questionsAt: Record<string, 'in' | 'out' | 'both'>;
};

/** The direction and checklist options of a service (none for an ordinary one). */
export function directionOptions(service: AppService): DirectionOptions {
  const parsed = options.safeParse(service.specialized?.options ?? {});
  const o = parsed.success ? parsed.data : {};
  const checklist = o.checklist && o.checklist.items.length > 0 ? o.checklist : null;
  return { direction: o.direction ?? null, checklist, questionsAt: o.questionsAt ?? {} };
}

/**
 * Whether the checklist is asked for a scan going `direction` (null: the server decides, Toggle mode: the
 * list is then asked every time and the server needs it only when the movement's direction matches).
 */
export function checklistApplies(opts: DirectionOptions, direction: Direction | null): boolean {
  if (!opts.checklist) return false;
  return direction === null || opts.checklist.when === 'both' || opts.checklist.when === direction;
}

/** The questions meant for a movement: those not limited to the other direction (all when it is unknown). */
export function questionsFor(questions: readonly AppQuestion[], opts: DirectionOptions, direction: Direction | null): AppQuestion[] {
  if (direction === null) return [...questions];
  return questions.filter((q) => {
    const at = opts.questionsAt[String(q.id)];
    return at === undefined || at === 'both' || at === direction;
  });
}

/** The properties a scan carries for the choices made. */
export function directionProperties(direction: Direction | null, checklist: string[] | null): Record<string, string> {
  const properties: Record<string, string> = {};
  if (direction) properties.direction = direction;
  if (checklist !== null) properties.checklist = JSON.stringify(checklist);
  return properties;
}

const directionKey = (serviceId: number) => `scanner.direction.${serviceId}`;

/** The Fast-mode direction remembered for a service (In until the person picks). */
export function rememberedDirection(store: KeyValueStore, serviceId: number): Direction {
  return store.getItem(directionKey(serviceId)) === 'out' ? 'out' : 'in';
}

/** Remembers the Fast-mode direction of a service for the next sessions on this browser. */
export function rememberDirection(store: KeyValueStore, serviceId: number, direction: Direction): void {
  store.setItem(directionKey(serviceId), direction);
}

/** The movement the server decided (a valid check in/out scan), for the result headline. */
export function movedDirection(result: ScanResult): Direction | null {
  const d = result.outcome?.direction;
  return result.status === 1 && (d === 'in' || d === 'out') ? d : null;
}
