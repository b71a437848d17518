import type { ComponentType } from 'react';

/**
 * Areas whose screens come with later issues. Their routes exist now and show
 * what will be there (resources.<area>.planned); when an area is built it gets
 * its own folder and leaves this list.
 */
export const PLANNED_AREAS: Record<string, { icon: ComponentType }> = {};
