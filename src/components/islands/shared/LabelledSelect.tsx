import type { Ref } from 'react';

/** One choice of a select: the value it stands for and the text the visitor reads. */
export interface Choice<T extends string = string> {
	value: T;
	label: string;
}

/** The brand filter's choices: every brand after the one that means 'all'. */
export function brandChoices(all: string, brands: readonly string[]): Choice[] {
	return [{ value: all, label: 'Tutte le marche' }, ...brands.map((b) => ({ value: b, label: b }))];
}

interface Props<T extends string> {
	id: string;
	label: string;
	/** The query parameter it posts in a GET form (the search page's works without JavaScript). */
	name?: string;
	value: T;
	choices: readonly Choice<T>[];
	onChange: (value: T) => void;
	selectRef?: Ref<HTMLSelectElement>;
}

/**
 * A visible label above a native select: the filters and sort of the category pages and of the
 * search page. A native control, so it works on a phone's first tap and by keyboard before and
 * after hydration.
 */
export default function LabelledSelect<T extends string>({
	id,
	label,
	name,
	value,
	choices,
	onChange,
	selectRef,
}: Props<T>) {
	return (
		<div>
			<label htmlFor={id} className="text-sm font-medium text-ink-soft">
				{label}
			</label>
			<select
				id={id}
				name={name}
				ref={selectRef}
				className="mt-1 block min-h-11 w-full rounded-lg border border-zinc-400 bg-white px-3 py-2 text-base text-ink"
				value={value}
				// The options are `choices`, so the value is one of theirs.
				onChange={(event) => onChange(event.target.value as T)}
			>
				{choices.map((choice) => (
					<option key={choice.value} value={choice.value}>
						{choice.label}
					</option>
				))}
			</select>
		</div>
	);
}
