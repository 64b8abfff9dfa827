import type { ReactNode } from 'react';
import { iconFilter } from '../../../lib/icons';
import Icon from './Icon';

export type FiltersButtonProps = {
	open: boolean;
	/** id of the panel the button opens. */
	panelId: string;
	/** How many filters are set: shown on the button when any is. */
	active: number;
	onToggle: () => void;
};

/**
 * 'Filtri', with the number of filters set: the button of the category page and of /cerca. A
 * tap before hydration is held and replayed by client:interaction, so it is never disabled.
 */
export function FiltersButton({ open, panelId, active, onToggle }: FiltersButtonProps) {
	return (
		<button
			type="button"
			className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-zinc-400 bg-white px-4 py-2 font-medium text-ink hover:border-night"
			aria-expanded={open}
			aria-controls={panelId}
			onClick={onToggle}
			data-filters-button
		>
			<Icon path={iconFilter} size={20} />
			Filtri
			{active > 0 && (
				<span className="rounded-full bg-night px-2 text-sm font-bold text-white">
					{active}
					<span className="sr-only">{active === 1 ? ' attivo' : ' attivi'}</span>
				</span>
			)}
		</button>
	);
}

export type FiltersPanelProps = {
	id: string;
	open: boolean;
	/** Grid columns of the panel from the `sm` width up. */
	className?: string;
	children: ReactNode;
};

/** The panel 'Filtri' opens: the filters' fields on a grey ground. */
export function FiltersPanel({ id, open, className = '', children }: FiltersPanelProps) {
	return (
		<div
			id={id}
			hidden={!open}
			className={`grid gap-4 rounded-xl border border-zinc-200 bg-zinc-50 p-4 sm:items-end ${className}`}
		>
			{children}
		</div>
	);
}
