-- owner: projects
-- Job categories the product's rules name by id (the contract's REFERENCE_CATEGORIES): every install has them.
INSERT INTO "job_categories" ("job_category_id", "title") OVERRIDING SYSTEM VALUE
VALUES (4, 'Insurance'), (6, 'Hiring')
ON CONFLICT DO NOTHING;
