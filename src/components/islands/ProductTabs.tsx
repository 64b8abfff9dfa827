import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export type ProductTab = {
	/** Also the name of the slot holding the panel's HTML. */
	id: string;
	label: string;
};

export type ProductTabsProps = {
	tabs: ProductTab[];
} & Record<string, unknown>;

/**
 * Descrizione / Valori Nutrizionali / Modalità d'Uso / Ingredienti, following the WAI-ARIA tabs
 * pattern (arrow keys, Home, End; automatic activation). The panels are static HTML passed in as
 * named slots: this island ships no JavaScript for their content.
 */
export default function ProductTabs({ tabs, ...slots }: ProductTabsProps) {
	const [active, setActive] = useState(0);
	const base = useId();
	const buttons = useRef<(HTMLButtonElement | null)[]>([]);

	const focusTab = (index: number) => {
		const next = (index + tabs.length) % tabs.length;
		setActive(next);
		buttons.current[next]?.focus();
	};

	const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
		const moves: Record<string, number> = {
			ArrowRight: index + 1,
			ArrowLeft: index - 1,
			Home: 0,
			End: tabs.length - 1,
		};
		const target = moves[event.key];
		if (target === undefined) return;
		event.preventDefault();
		focusTab(target);
	};

	return (
		<div>
			<div
				role="tablist"
				aria-label="Informazioni sul prodotto"
				className="flex gap-1 overflow-x-auto border-b-2 border-zinc-200"
			>
				{tabs.map((tab, index) => {
					const selected = index === active;
					return (
						<button
							key={tab.id}
							ref={(element) => {
								buttons.current[index] = element;
							}}
							type="button"
							role="tab"
							id={`${base}-tab-${tab.id}`}
							aria-selected={selected}
							aria-controls={`${base}-panel-${tab.id}`}
							tabIndex={selected ? 0 : -1}
							onClick={() => setActive(index)}
							onKeyDown={(event) => onKeyDown(event, index)}
							className={`-mb-0.5 min-h-11 shrink-0 border-b-4 px-4 py-3 font-semibold whitespace-nowrap ${
								selected
									? 'border-accent text-night'
									: 'border-transparent text-ink-soft hover:border-zinc-300 hover:text-night'
							}`}
						>
							{tab.label}
						</button>
					);
				})}
			</div>
			{tabs.map((tab, index) => (
				<div
					key={tab.id}
					role="tabpanel"
					id={`${base}-panel-${tab.id}`}
					aria-labelledby={`${base}-tab-${tab.id}`}
					hidden={index !== active}
					tabIndex={0}
					className="py-6"
				>
					{slots[tab.id] as ReactNode}
				</div>
			))}
		</div>
	);
}
