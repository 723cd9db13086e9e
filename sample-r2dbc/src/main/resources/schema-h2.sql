-- One table per entity, the ID in the column docs/DATA-R2DBC.md gives for H2 (the one Hibernate would create).
create table if not exists shipment (id binary(10) primary key, label varchar(100));    -- sno: its 10 bytes
create table if not exists trace_entry (id bigint primary key, label varchar(100));     -- TraceId: its long
create table if not exists log_record (id uuid primary key, label varchar(100));        -- GID: uuid sorts like it
