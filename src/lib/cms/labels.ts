import { BADGES, REGIMES, RIBBONS } from '../content/product-schema';
import {
	WEEKDAYS,
	closingAfterOpening,
	closingAfterOpeningIn,
	type Weekday,
} from '../content/shop-schema';
import type { Choice, Ui } from './fields';
import { openingRangePattern } from './hours-pattern';

/**
 * The Italian wording of every field of the editor at /admin: labels and hints written for a
 * shop employee. The rules (required, bounds, patterns and their messages) are not here: they
 * come from the zod schemas (schema-rules.ts). A field added to a schema without wording here, or
 * wording here for a field the schema does not have, fails the build and the unit test.
 */

/** A photo and its description, as every picture field of the site has them. */
const photo = (label: string, hint: string): Ui => ({
	label,
	hint,
	fields: {
		src: {
			label: 'Foto',
			hint: 'JPG o PNG, almeno 1200 pixel di lato. Viene ridimensionata dal sito.',
		},
		alt: {
			label: 'Descrizione della foto',
			hint: 'Cosa si vede, in una frase: la leggono i programmi per chi non vede. Esempio: «Barattolo nero di Whey Isolate 90 al cioccolato».',
			multiline: true,
		},
	},
	summary: '{{fields.alt}}',
});

const DAY_LABELS: Record<Weekday, string> = {
	lunedi: 'Lunedì',
	martedi: 'Martedì',
	mercoledi: 'Mercoledì',
	giovedi: 'Giovedì',
	venerdi: 'Venerdì',
	sabato: 'Sabato',
	domenica: 'Domenica',
};

/** What the product fields need to know of the rest of the content. */
export interface ContentLists {
	/** Categories: file name and name. */
	categories: readonly Choice[];
	/** Shops: file name and short name. */
	shops: readonly Choice[];
}

export function productUi({ categories }: ContentLists): Record<string, Ui> {
	return {
		name: {
			label: 'Nome del prodotto',
			hint: 'Come è scritto sulla confezione. Esempio: Whey Isolate 90.',
		},
		brand: { label: 'Marca', hint: 'Il produttore. Esempio: Nordika Nutrition.' },
		category: {
			label: 'Categoria',
			hint: 'Decide in quale pagina del catalogo appare il prodotto.',
			choices: categories,
		},
		description: {
			label: 'Descrizione breve',
			hint: 'Una o due frasi per le schede e per i motori di ricerca (da 20 a 300 caratteri).',
			multiline: true,
		},
		images: {
			...photo(
				'Foto',
				'La prima è la foto principale. Le foto vengono salvate nella cartella del prodotto.',
			),
			singular: 'foto',
		},
		badges: {
			label: 'Etichette sulla scheda',
			hint: 'Facoltative: piccole scritte sulla scheda del prodotto.',
			options: BADGES,
		},
		ribbon: { label: 'Nastro nell’angolo', hint: 'Facoltativo.', options: RIBBONS },
		offer: {
			label: 'Offerta',
			hint: 'Facoltativa: appare accanto al prezzo. Esempio: -10% fino al 30 novembre.',
		},
		isNew: { label: 'Novità', hint: 'Acceso: la scheda mostra NUOVO.' },
		highlights: {
			label: 'Punti di forza',
			hint: 'Facoltativi: una riga ciascuno, nel riquadro «Caratteristiche».',
			singular: 'punto di forza',
			item: { label: 'Punto di forza' },
		},
		variants: {
			label: 'Varianti (gusto, formato, prezzo)',
			hint: 'Una riga per ogni gusto e formato in vendita. Il prezzo è in euro con il punto: 39.90.',
			singular: 'variante',
			summary: '{{fields.flavour}} {{fields.size}} · {{fields.price}} €',
			fields: {
				flavour: {
					label: 'Gusto o colore',
					hint: 'Lascia vuoto se il prodotto ha un solo gusto. Se lo scrivi, scrivilo in tutte le varianti.',
				},
				size: { label: 'Formato', hint: 'Come sulla confezione: 900 g, 30 bustine, M.' },
				price: {
					label: 'Prezzo (€)',
					hint: 'In euro, con il punto per i centesimi: 39.90.',
					step: 0.01,
				},
				originalPrice: {
					label: 'Prezzo prima dello sconto (€)',
					hint: 'Facoltativo: appare barrato. Deve essere più alto del prezzo.',
					step: 0.01,
				},
				image: photo('Foto della variante', 'Facoltativa: solo se la confezione è diversa.'),
			},
		},
		label: {
			label: 'Etichetta',
			hint: 'Per alimenti e integratori: i dati della confezione.',
			collapsed: true,
			fields: {
				regime: { label: 'Tipo di prodotto', options: REGIMES },
				nutrition: {
					label: 'Tabella nutrizionale',
					collapsed: true,
					fields: {
						columns: {
							label: 'Colonne',
							hint: 'Esempio: «Per 100 g» e «Per porzione (30 g)».',
							singular: 'colonna',
							item: { label: 'Colonna' },
						},
						rows: {
							label: 'Righe',
							singular: 'riga',
							summary: '{{fields.nutrient}}',
							fields: {
								nutrient: {
									label: 'Voce',
									hint: 'Esempio: Proteine. Le righe «di cui» iniziano con «di cui».',
								},
								values: {
									label: 'Valori',
									hint: 'Un valore per colonna, con l’unità: 24 g.',
									singular: 'valore',
									item: { label: 'Valore' },
								},
								vnr: { label: '%VNR', hint: 'Facoltativo, per vitamine e minerali: 50%.' },
							},
						},
						footnotes: {
							label: 'Note sotto la tabella',
							singular: 'nota',
							item: { label: 'Nota' },
						},
					},
				},
				ingredients: {
					label: 'Ingredienti',
					hint: 'Gli allergeni tra due asterischi: **latte**.',
					multiline: true,
				},
				allergens: { label: 'Allergeni', singular: 'allergene', item: { label: 'Allergene' } },
				traces: { label: 'Può contenere tracce di', multiline: true },
				usage: { label: 'Modo d’uso', multiline: true },
				dailyDose: {
					label: 'Dose giornaliera',
					hint: 'Obbligatoria per gli integratori. Esempio: 2 compresse al giorno.',
				},
				warnings: {
					label: 'Avvertenze del prodotto',
					hint: 'Le tre avvertenze obbligatorie degli integratori le aggiunge il sito.',
					singular: 'avvertenza',
					item: { label: 'Avvertenza' },
				},
			},
		},
		specs: {
			label: 'Caratteristiche tecniche',
			hint: 'Per abbigliamento e accessori. Esempio: Materiale – Poliestere 100%.',
			singular: 'caratteristica',
			summary: '{{fields.label}}: {{fields.value}}',
			fields: {
				label: { label: 'Voce' },
				value: { label: 'Valore' },
			},
		},
	};
}

export function categoryUi(): Record<string, Ui> {
	return {
		slug: {
			label: 'Indirizzo della pagina',
			hint: 'Parte dell’indirizzo /prodotti/…: minuscole e trattini. Cambiarlo cambia gli indirizzi dei prodotti.',
		},
		name: { label: 'Nome' },
		description: { label: 'Descrizione', hint: 'Da 20 a 300 caratteri.', multiline: true },
		order: { label: 'Posizione', hint: '1 viene per prima.' },
		image: photo('Foto della categoria', 'La foto della scheda della categoria.'),
		hasNutrition: {
			label: 'Prodotti con tabella nutrizionale',
			hint: 'Spento per abbigliamento e cosmetici: le loro pagine non mostrano etichetta e ingredienti.',
		},
	};
}

export function shopUi(): Record<string, Ui> {
	const pattern = openingRangePattern();
	const hours = Object.fromEntries(
		WEEKDAYS.map((day) => [
			day,
			{
				label: DAY_LABELS[day],
				hint: 'Una fascia per riga, HH:MM-HH:MM. Nessuna fascia = chiuso.',
				singular: 'fascia oraria',
				item: {
					label: 'Fascia oraria',
					pattern: {
						source: pattern,
						message: `deve essere una fascia oraria HH:MM-HH:MM. ${closingAfterOpening(day)}`,
					},
				},
			} satisfies Ui,
		]),
	);
	return {
		name: { label: 'Nome', hint: 'Esempio: Sede di Torino.' },
		shortName: { label: 'Nome breve', hint: 'Nelle righe di disponibilità. Esempio: Sede Torino.' },
		order: { label: 'Posizione', hint: '1 viene per primo.' },
		address: {
			label: 'Indirizzo',
			fields: {
				street: { label: 'Via e numero' },
				postcode: { label: 'CAP' },
				town: { label: 'Comune' },
				province: { label: 'Provincia (sigla)' },
			},
		},
		geo: {
			label: 'Posizione sulla mappa',
			hint: 'Latitudine e longitudine, con il punto.',
			collapsed: true,
			fields: {
				lat: { label: 'Latitudine', step: 0.0001 },
				lng: { label: 'Longitudine', step: 0.0001 },
			},
		},
		phone: { label: 'Telefono' },
		email: { label: 'E-mail del negozio' },
		hours: { label: 'Orari di apertura', fields: hours },
		closures: {
			label: 'Chiusure',
			hint: 'Ferie, inventario, un giorno di chiusura: in quei giorni niente ritiri, niente «Aperto ora», e una riga sulla pagina Negozi. Le festività nazionali sono già chiuse da sole.',
			singular: 'chiusura',
			summary: '{{fields.from}} – {{fields.to}} {{fields.note}}',
			collapsed: true,
			fields: {
				from: { label: 'Dal giorno', hint: 'Il primo giorno di chiusura.' },
				to: {
					label: 'Al giorno (compreso)',
					hint: 'L’ultimo giorno di chiusura. Vuoto = chiuso solo il primo giorno.',
				},
				note: {
					label: 'Nota per i clienti',
					hint: 'Facoltativa, dopo le date sulla pagina Negozi. Esempio: Chiuso per ferie.',
				},
			},
		},
		openings: {
			label: 'Aperture straordinarie',
			hint: 'Giorni in cui il negozio apre anche se è festa nazionale (8 dicembre, Pasquetta…) o di solito è chiuso (una domenica di dicembre).',
			singular: 'apertura',
			summary: '{{fields.date}}',
			collapsed: true,
			fields: {
				date: { label: 'Giorno' },
				hours: {
					label: 'Orari di quel giorno',
					hint: 'Una fascia per riga, HH:MM-HH:MM. Vuoto = gli orari soliti di quel giorno della settimana (obbligatori se quel giorno di solito è chiuso).',
					singular: 'fascia oraria',
					item: {
						label: 'Fascia oraria',
						pattern: {
							source: pattern,
							message: `deve essere una fascia oraria HH:MM-HH:MM. ${closingAfterOpeningIn('openings.hours')}`,
						},
					},
				},
			},
		},
		mapLink: { label: 'Link alla mappa', hint: 'Indirizzo completo, inizia con https://.' },
		description: { label: 'Presentazione', hint: 'Da 30 a 600 caratteri.', multiline: true },
		services: { label: 'Servizi', singular: 'servizio', item: { label: 'Servizio' } },
		isNew: { label: 'Nuova apertura', hint: 'Acceso: la pagina mostra «Nuova apertura».' },
		googleStoreCode: {
			label: 'Codice negozio Google',
			hint: 'Facoltativo. Il codice negozio del profilo dell’attività su Google (Business Profile): lettere, cifre, - o _. Serve per mostrare su Google i prodotti disponibili in negozio.',
		},
		image: photo('Foto principale', 'La vetrina o l’ingresso.'),
		gallery: { ...photo('Galleria', 'Esattamente sei foto.'), singular: 'foto' },
	};
}

export function pageUi(): Record<string, Ui> {
	return {
		title: { label: 'Titolo' },
		description: {
			label: 'Descrizione per i motori di ricerca',
			hint: 'Da 20 a 160 caratteri.',
			multiline: true,
		},
		updated: { label: 'Ultimo aggiornamento', hint: 'La data della modifica del testo.' },
	};
}

export function settingsUi(): Record<string, Ui> {
	return {
		companyName: { label: 'Nome del negozio', hint: 'Nell’intestazione e nei titoli.' },
		legalName: { label: 'Ragione sociale' },
		registeredOffice: { label: 'Sede legale' },
		privacyEmail: { label: 'E-mail per la privacy' },
		tagline: { label: 'Frase sotto il logo' },
		foundedYear: { label: 'Anno di apertura' },
		aostaOpening: { label: 'Apertura del negozio di Aosta', hint: 'Il primo giorno del mese.' },
		pickupHoldDays: {
			label: 'Giorni di tenuta delle prenotazioni',
			hint: 'Per quanti giorni il negozio tiene da parte i prodotti prenotati con la lista ritiro, dal giorno scelto per il ritiro. Da 1 a 30; se vuoto, 3.',
		},
		vatNumber: { label: 'Partita IVA', hint: 'IT seguito da 11 cifre.' },
		social: {
			label: 'Pagine social',
			hint: 'Senza indirizzo, il sito scrive «presto».',
			singular: 'pagina social',
			summary: '{{fields.name}}',
			fields: { name: { label: 'Nome' }, url: { label: 'Indirizzo (https://…)' } },
		},
		seo: {
			label: 'Motori di ricerca',
			fields: {
				title: { label: 'Titolo predefinito' },
				description: { label: 'Descrizione predefinita', multiline: true },
			},
		},
		shareImage: photo(
			'Immagine di condivisione',
			'Appare quando una pagina è condivisa sui social.',
		),
	};
}
