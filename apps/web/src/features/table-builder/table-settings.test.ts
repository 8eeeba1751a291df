import { describe, expect, it } from 'vitest';
import { editorColumns, readTableSettings, withEditor } from './table-settings';

describe('table settings', () => {
  it('reads defaults, restricts a person to columns and lifts the restriction again', () => {
    const s = readTableSettings({});
    expect(s).toEqual({ keyLabel: 'Barcode', editors: [], views: [] });
    const limited = withEditor(s, 7, [3]);
    expect(editorColumns(limited, 7)).toEqual([3]);
    expect(editorColumns(limited, 8)).toBeNull();
    expect(withEditor(limited, 7, null).editors).toEqual([]);
    expect(readTableSettings({ keyLabel: '' }).keyLabel).toBe('Barcode');
  });
});
