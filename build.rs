// `sqlx::migrate!` embeds the migrations at compile time, but cargo does not know it reads
// them: without this, adding a migration does not rebuild the server (sqlx's own advice).
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
