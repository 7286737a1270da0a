/** @vitest-environment jsdom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startTestApi, userCreation } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { AppRoutes } from './routes';

startTestApi(userCreation('enabled'));

describe('AppRoutes', () => {
  it('loads the login page on first visit and sends a visitor there from a private page', async () => {
    renderWithProviders(<AppRoutes />, { route: '/tickets', session: true });
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/login');
  });
});
