import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tour } from './Tour';
import { TOUR_DEFAULT_PLACEMENT, TOUR_OFFSET_PX, TOUR_SCROLL_MS, type TourStep } from './tour-types';

const steps: TourStep[] = [
  { target: '#missing-1', title: 'First', body: 'one' },
  { target: '#missing-2', title: 'Second', body: 'two' },
  { target: '#missing-3', title: 'Third', body: 'three' },
];

describe('Tour', () => {
  it('keeps the spec constants', () => {
    expect(TOUR_SCROLL_MS).toBe(1000);
    expect(TOUR_OFFSET_PX).toBe(8);
    expect(TOUR_DEFAULT_PLACEMENT).toBe('bottom');
  });

  it('moves with Next and Previous and ends with Finish', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Tour steps={steps} onClose={onClose} />);
    expect(await screen.findByText('First')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Second')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('First')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Third')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(onClose).toHaveBeenCalledWith('finish');
  });

  it('works from the keyboard: ArrowRight, ArrowLeft, Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Tour steps={steps} onClose={onClose} />);
    await screen.findByText('First');
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('Second')).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByText('First')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith('skip');
  });

  it('Skip tour closes it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Tour steps={steps} onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Skip tour' }));
    expect(onClose).toHaveBeenCalledWith('skip');
  });
});
