use std::io::{BufRead, Write};

use anyhow::Context;
use clap::{Parser, Subcommand, ValueEnum};
use lamsa::{accounts, configuration::Settings, db, domain::UserType, startup::Application};

/// jemalloc instead of glibc's malloc: under load the server's CPU fell from 78–85 % to 69 %
/// of a core, and its memory per socket stayed the same (loadtest/README.md). `make run` builds
/// without it (feature `jemalloc`, on by default): its C build is a minute of a first start.
#[cfg(feature = "jemalloc")]
#[global_allocator]
static ALLOC: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// Lamsa (لمسة): a bilingual Braille-learning platform. Settings come from the environment
/// (see the README).
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the web app and the API (the default).
    ///
    /// Migrations run first. Settings come from the environment (see the README).
    Serve,
    /// Apply database migrations and exit.
    Migrate,
    /// Create the demo accounts and courses when missing, and print them.
    ///
    /// One active account per role and two active courses. The accounts' password is
    /// LAMSA_DEMO_PASSWORD (default Lamsa#2026). Do not seed demo accounts on a public server.
    SeedDemo,
    /// Create an active account; the password is read from standard input.
    ///
    /// Any type of account: this is the only way to make a supervisor.
    CreateUser {
        /// The kind of account.
        #[arg(long = "type", value_enum)]
        user_type: AccountType,
        /// Its e-mail address, which is also the sign-in name.
        #[arg(long)]
        email: String,
        /// The person's full name.
        #[arg(long)]
        name: String,
    },
    /// Back up the installation into a new or empty folder, while the server runs.
    ///
    /// SQLite: a consistent copy of the database (VACUUM INTO), the uploads and the generated
    /// JWT secret. PostgreSQL: the uploads and the secret; back up the database with pg_dump
    /// (see the README).
    Backup {
        /// The folder to write; it must be empty or not exist.
        #[arg(long)]
        to: std::path::PathBuf,
    },
    /// Restore a backup into an empty data directory (LAMSA_DATA_DIR and DATABASE_URL).
    ///
    /// Refuses a data directory that is not empty and a database file that exists. On
    /// PostgreSQL it restores the files; restore the database with pg_restore (README).
    Restore {
        /// A folder written by `lamsa backup`.
        #[arg(long)]
        from: std::path::PathBuf,
    },
    /// Translate standard input to Braille (or back with --back), line by line.
    ///
    /// Writes to standard output; needs no settings or database.
    Braille {
        /// The Braille code: Arabic or English (UEB).
        #[arg(long, value_parser = ["ar", "en"])]
        lang: String,
        /// 1: uncontracted; 2: contracted (UEB grade 2, Arabic grade 2).
        #[arg(long, default_value = "1", value_parser = ["1", "2"])]
        grade: String,
        /// Read Braille and write print.
        #[arg(long)]
        back: bool,
        /// How Braille is written: Unicode Braille, dot numbers or Braille ASCII (.brf).
        #[arg(long, default_value = "unicode", value_parser = ["unicode", "dots", "brf"])]
        format: String,
    },
    /// Print the OpenAPI document that `GET /api/openapi.json` serves, and exit.
    ///
    /// Needs no settings or database; the web app's API types are generated from it.
    Openapi,
    /// Create load-test accounts and print them with access tokens.
    ///
    /// For the load-test harness (loadtest/): creates (or reuses) one supervisor and --count
    /// student accounts and prints one JSON line per account with an access token valid for
    /// --ttl-secs.
    LoadtestUsers {
        /// How many student accounts.
        #[arg(long)]
        count: usize,
        /// Lifetime of the printed access tokens, in seconds.
        #[arg(long, default_value_t = 7200)]
        ttl_secs: i64,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum AccountType {
    /// A learner.
    Student,
    /// Builds courses and assessments and answers questions.
    Instructor,
    /// Accredits courses, decides requests and certificates, sends notes.
    Supervisor,
}

fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,sqlx=warn".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    if let Some(Command::Braille { lang, grade, back, format }) = &cli.command {
        return braille_stream(lang, grade, *back, format);
    }
    if let Some(Command::Openapi) = &cli.command {
        let mut out = std::io::stdout().lock();
        writeln!(out, "{}", lamsa::routes::docs::document())?;
        return Ok(());
    }
    let settings = Settings::from_env()?;
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => actix_web::rt::System::new().block_on(serve(settings)),
        // Neither migrates nor creates anything first: a restore needs an empty data directory.
        Command::Backup { to } => tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(async {
            let m = lamsa::backup::backup(&settings, &to).await?;
            println!(
                "Backed up to {}: {}{} files ({} bytes) from uploads{}",
                to.display(),
                if m.database.is_some() { "the SQLite database, " } else { "" },
                m.files,
                m.bytes,
                if m.jwt_secret { ", the JWT secret" } else { "" }
            );
            if m.database.is_none() {
                println!(
                    "The database is on PostgreSQL: back it up with\n  pg_dump --format=custom --file={}/lamsa.pgdump \"$DATABASE_URL\"",
                    to.display()
                );
            }
            Ok(())
        }),
        Command::Restore { from } => tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(async {
            let m = lamsa::backup::restore(&settings, &from).await?;
            println!(
                "Restored the backup of {} into {}: {}{} files{}",
                m.created_at,
                settings.data_dir.display(),
                if m.database.is_some() { "the SQLite database, " } else { "" },
                m.files,
                if m.jwt_secret { ", the JWT secret" } else { "" }
            );
            if m.database.is_none() {
                println!(
                    "Restore the PostgreSQL database with\n  pg_restore --no-owner --dbname=\"$DATABASE_URL\" {}/lamsa.pgdump",
                    from.display()
                );
            }
            Ok(())
        }),
        // An actix system: seeding the demo courses starts the realtime hub's arbiter.
        command => actix_web::rt::System::new().block_on(admin(settings, command)),
    }
}

async fn serve(settings: Settings) -> anyhow::Result<()> {
    let app = Application::build(settings.clone()).await?;
    tracing::info!(
        "Lamsa is serving on http://{}:{} (public URL {})",
        settings.addr.ip(),
        app.port(),
        settings.public_url
    );
    app.run_until_stopped().await?;
    Ok(())
}

async fn admin(settings: Settings, command: Command) -> anyhow::Result<()> {
    std::fs::create_dir_all(&settings.data_dir)?;
    let pool = db::connect(&settings.database_url).await?;
    db::migrate(&pool, &settings.database_url).await?;
    match command {
        Command::Serve
        | Command::Braille { .. }
        | Command::Openapi
        | Command::Backup { .. }
        | Command::Restore { .. } => {
            unreachable!("handled in main")
        }
        Command::Migrate => {
            println!("Migrations applied to {}", redact(&settings.database_url));
            // What the move to coded categories and levels (issue 23) could not map.
            for (id, category, level) in lamsa::store::courses::uncoded(&pool).await? {
                println!("  course {id}: category \"{category}\", level \"{level}\" is not a code; pick one in the course builder");
            }
        }
        Command::SeedDemo => {
            let password = std::env::var("LAMSA_DEMO_PASSWORD").unwrap_or_else(|_| "Lamsa#2026".into());
            let accounts = accounts::seed_demo(&pool, &password).await?;
            println!("Demo accounts (password: {password}):");
            for a in accounts {
                println!(
                    "  {:<10} {:<24} {}{}",
                    a.user_type.as_str(),
                    a.email,
                    a.name,
                    if a.created { "  (created now)" } else { "" }
                );
            }
            // The demo courses go through the course service, which tells supervisors live.
            let bus = match &settings.redis_url {
                Some(url) => lamsa::bus::Bus::redis(url).await.context("cannot connect to Redis (REDIS_URL)")?,
                None => lamsa::bus::Bus::in_process(),
            };
            let shared = std::sync::Arc::new(pool.clone());
            let realtime = lamsa::realtime::Realtime::start(
                bus,
                lamsa::realtime::namespace_for(&settings.database_url),
                std::sync::Arc::downgrade(&shared),
                std::sync::Arc::default(),
                std::sync::Arc::default(),
            );
            for title in accounts::seed_demo_courses(&pool, &realtime, &settings.grade_bands).await? {
                println!("Demo course created: {title}");
            }
            for title in accounts::seed_demo_news(&pool).await? {
                println!("Demo news item published: {title}");
            }
            if accounts::seed_demo_site(&pool, &settings.uploads_dir().join("media")).await? {
                println!("Demo site settings written (example values; change them in the admin site)");
            }
        }
        Command::CreateUser { user_type, email, name } => {
            let mut password = String::new();
            std::io::stdin().lock().read_line(&mut password).context("cannot read the password from stdin")?;
            let password = password.trim_end_matches(['\n', '\r']);
            let user_type = match user_type {
                AccountType::Student => UserType::Student,
                AccountType::Instructor => UserType::Instructor,
                AccountType::Supervisor => UserType::Supervisor,
            };
            let id = accounts::create_active_user(&pool, user_type, &email, &name, password).await?;
            println!("Created active {} account {} (id {id})", user_type.as_str(), email.trim().to_lowercase());
            std::io::stdout().flush()?;
        }
        Command::LoadtestUsers { count, ttl_secs } => {
            let secret = lamsa::auth::load_or_create_secret(settings.jwt_secret.as_deref(), &settings.data_dir)?;
            let keys = lamsa::auth::JwtKeys::new(&secret, ttl_secs, lamsa::clock::Clock::system());
            let password = std::env::var("LAMSA_DEMO_PASSWORD").unwrap_or_else(|_| "Lamsa#2026".into());
            let users = accounts::loadtest_users(&pool, count, &password).await?;
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            for (id, email, user_type) in users {
                let line = serde_json::json!({
                    // New accounts: session generation 0, no signed-in device.
                    "id": id, "email": email, "type": user_type.as_str(),
                    "access": keys.issue(lamsa::auth::TokenSubject { user_id: id, typ: user_type, gen: 0, sid: 0 })?,
                });
                writeln!(out, "{line}")?;
            }
            out.flush()?;
        }
    }
    Ok(())
}

/// The URL without its password, for printing.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => format!("{}://…@{}", &url[..s], &url[at + 1..]),
        _ => url.to_string(),
    }
}

/// `lamsa braille`: needs no settings or database.
fn braille_stream(lang: &str, grade: &str, back: bool, format: &str) -> anyhow::Result<()> {
    let lang: braille::Lang = lang.parse()?;
    let opts = braille::Options::from(grade.parse::<braille::Grade>()?);
    let format: braille::Format = format.parse().map_err(|e| anyhow::anyhow!("{e}"))?;
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    let stats = braille::translate_lines_with(stdin, stdout, lang, back, format, &opts)?;
    if stats.unknown > 0 {
        eprintln!("{} character(s) or cell(s) had no translation and were skipped", stats.unknown);
    }
    Ok(())
}
